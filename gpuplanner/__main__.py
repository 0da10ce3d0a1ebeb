from gpuplanner.cli import main

raise SystemExit(main())
