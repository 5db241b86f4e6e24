// Ad-block probe: blockers match this path; the panel shows a warning when it fails to load.
