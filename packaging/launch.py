"""The bundle's entry script: PyInstaller needs a file to start from, the app is a module."""

from pi_desktop.app import main

raise SystemExit(main())
