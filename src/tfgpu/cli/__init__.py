"""Command-line layer: argument parsing, exit codes, rendering. No decisions live here."""
