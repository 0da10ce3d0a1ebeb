#!/bin/sh
# Install gpuplanner for this user only (no root): ./install.sh   Remove: ./install.sh --uninstall
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
prefix="$data/gpuplanner-app"
bin="$HOME/.local/bin"
if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$prefix" "$bin/gpuplanner" "$data/applications/gpuplanner.desktop" \
        "$data/icons/hicolor/256x256/apps/gpuplanner.png" "$data/metainfo/io.gpuplanner.gpuplanner.metainfo.xml"
    echo "gpuplanner removed (your settings and saved data are kept in ~/.config, ~/.local/share/gpuplanner)"
    exit 0
fi
mkdir -p "$prefix" "$bin" "$data/applications" "$data/icons/hicolor/256x256/apps" "$data/metainfo"
rm -rf "$prefix/gpuplanner"
cp -a "$here/gpuplanner" "$prefix/gpuplanner"
ln -sf "$prefix/gpuplanner/gpuplanner" "$bin/gpuplanner"
sed "s|^Exec=.*|Exec=$prefix/gpuplanner/gpuplanner|" "$here/gpuplanner.desktop" > "$data/applications/gpuplanner.desktop"
cp "$here/gpuplanner.png" "$data/icons/hicolor/256x256/apps/gpuplanner.png"
cp "$here/io.gpuplanner.gpuplanner.metainfo.xml" "$data/metainfo/"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$data/applications" || true
echo "gpuplanner installed: find it in your applications menu, or run $bin/gpuplanner"
