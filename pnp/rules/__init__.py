"""Rules as data -> a numbered reference, a generated glossary, and exports."""
