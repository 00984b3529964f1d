"""The validate stage: every check of content, layouts and what prints, and a print shop's check of PDFs."""
