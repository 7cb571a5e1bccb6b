"""The browser suite (a package, so that its conftest.py and tests/conftest.py import under distinct names)."""
