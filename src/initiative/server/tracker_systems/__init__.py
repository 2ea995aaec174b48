"""Each GM tracker system's web part: one module per system holding its `TrackerWeb`
record (:mod:`initiative.server.tracker_parts`), found by name through
`tracker_parts.BUILT_IN`."""
