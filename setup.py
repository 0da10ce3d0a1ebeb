"""Only what pyproject.toml cannot say: the top-level resources/ folder ships in the package.

The design card fixes resources/ at the top level. Mapped to the package
``gpuplanner._resources``, it travels inside wheels, while a source checkout reads it in
place (see gpuplanner/core/paths.py). Every other setting is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["gpuplanner", "gpuplanner.*"]), "gpuplanner._resources"],
    package_dir={"gpuplanner._resources": "resources"},
    package_data={"gpuplanner._resources": ["**/*"]},
    exclude_package_data={"gpuplanner._resources": ["**/*.qm", "**/*.sqlite"]},
)
