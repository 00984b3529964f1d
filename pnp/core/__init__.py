"""Foundations every layer uses: diagnostics, limits, paths, files written safely, processes, the build record."""
