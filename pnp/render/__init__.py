"""Rendering: layouts + models -> drawing calls on a Backend -> PDF or PNG."""
