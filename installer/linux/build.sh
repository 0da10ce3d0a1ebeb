#!/usr/bin/env bash
# Build the Linux bundle and its tarball:  installer/linux/build.sh [lite|full]
#
# Needs a Python environment with gpuplanner installed (pip install -e ".[build]"; for "full",
# also tensorflow-cpu). Writes dist/gpuplanner-<version>-linux-<arch>-<flavour>.tar.gz holding
# gpuplanner/ (the bundle), gpuplanner.desktop, the icon, AppStream metadata and install.sh.
set -euo pipefail
flavour="${1:-lite}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
[ -x .venv/bin/python ] && [ -z "${PYTHON:-}" ] && python=.venv/bin/python

version="$("$python" -c 'import gpuplanner; print(gpuplanner.__version__)')"
arch="$(uname -m)"
name="gpuplanner-$version-linux-$arch-$flavour"
work="build/pyinstaller-$flavour"
stage="dist/$name"

echo "== catalog database"
"$python" -m gpuplanner db build --output resources/catalog/catalog.sqlite
echo "== bundle ($flavour)"
GPUPLANNER_FLAVOUR="$flavour" "$python" -m PyInstaller --noconfirm --clean \
    --workpath "$work" --distpath "$work/dist" installer/gpuplanner.spec
rm -rf "$stage" && mkdir -p "$stage"
cp -a "$work/dist/gpuplanner" "$stage/gpuplanner"
cp installer/linux/gpuplanner.desktop installer/linux/install.sh "$stage/"
cp installer/linux/io.gpuplanner.gpuplanner.metainfo.xml "$stage/"
cp resources/icons/gpuplanner.png "$stage/gpuplanner.png"
sed -i "s/@VERSION@/$version/" "$stage/io.gpuplanner.gpuplanner.metainfo.xml"
chmod +x "$stage/install.sh"
tar -C dist -czf "dist/$name.tar.gz" "$name"
echo "== sizes"
du -sh "$stage/gpuplanner" | sed 's/\t/  bundle folder  /'
du -sh "dist/$name.tar.gz" | sed 's/\t/  tarball  /'
echo "dist/$name.tar.gz"
