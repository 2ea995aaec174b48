"""Terminal front end: `initiative play`, `replay`, `bench` and `rules`."""
