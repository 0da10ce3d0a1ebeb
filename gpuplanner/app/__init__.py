"""The use cases the command line, the wizard, the kiosk and the fleet view share: the user's
session and the plan request built from it, the scan enriched with the catalog, the lab fleet,
and the fitted speed model. Above planning/, hardware/, probe/ and catalog/; below report/."""
