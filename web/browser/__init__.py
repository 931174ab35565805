"""The playground's browser scenarios (web/test.py runs them), one module a part."""
