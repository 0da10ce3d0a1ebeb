#!/usr/bin/env bash
# Build gpuplanner.app and a zip of it on macOS:  installer/macos/build.sh [lite|full]
# The spec's BUNDLE step writes the .app with its Info.plist and icon (see installer/gpuplanner.spec).
set -euo pipefail
flavour="${1:-lite}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
version="$("$python" -c 'import gpuplanner; print(gpuplanner.__version__)')"
"$python" -m gpuplanner db build --output resources/catalog/catalog.sqlite
GPUPLANNER_FLAVOUR="$flavour" "$python" -m PyInstaller --noconfirm --clean \
    --workpath "build/pyinstaller-$flavour" --distpath dist installer/gpuplanner.spec
/usr/libexec/PlistBuddy -c "Print :CFBundleExecutable" dist/gpuplanner.app/Contents/Info.plist
ditto -c -k --keepParent dist/gpuplanner.app "dist/gpuplanner-$version-macos-$(uname -m)-$flavour.zip"
du -sh dist/gpuplanner.app "dist/gpuplanner-$version-macos-$(uname -m)-$flavour.zip"
