from pi_desktop.app import main

raise SystemExit(main())
