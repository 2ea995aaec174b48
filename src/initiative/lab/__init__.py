"""The balance lab: many games, result rows, reports (issue 6)."""
