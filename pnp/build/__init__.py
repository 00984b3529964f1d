"""The build recipe for one game, what each output is drawn from, the watch loop and the preview gallery."""
