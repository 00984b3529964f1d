"""Readers of a designer's files: YAML with positions, CSV and XLSX tables, images."""
