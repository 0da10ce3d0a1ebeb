#!/usr/bin/env bash
# Prove the README's install on clean environments: build a wheel and an sdist, install each
# into a new virtual environment, and run the app's smoke test and the command line there.
#
#   tools/check_fresh_install.sh            (a few minutes: pip installs PySide6 and TensorFlow)
#
# Needs python3 with venv, Xvfb (or runs the smoke test offscreen). Prints one line per check
# and exits 1 if any fails. Runs outside the checkout, so nothing of the source tree is used.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0

check() {  # check NAME COMMAND...
    local name="$1"; shift
    if out="$("$@" 2>&1)"; then
        echo "PASS  $name"
    else
        echo "FAIL  $name"; echo "$out" | tail -20 | sed 's/^/      /'
        failed=1
    fi
}

echo "== building the wheel and the sdist"
"$python" -m venv "$work/buildenv" && "$work/buildenv/bin/pip" install -q build >/dev/null
"$work/buildenv/bin/python" -m build --outdir "$work/dist" "$root" >"$work/build.log" 2>&1 \
    || { echo "FAIL  build"; tail -20 "$work/build.log"; exit 1; }
ls -l "$work/dist"

display=""
if command -v Xvfb >/dev/null 2>&1; then
    Xvfb :93 -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb_pid=$!
    trap 'kill $xvfb_pid 2>/dev/null; rm -rf "$work"' EXIT
    sleep 1
    display=":93"
fi

for kind in whl tar.gz; do
    artifact="$(ls "$work"/dist/*."$kind")"
    env_dir="$work/env-$kind"
    echo "== $(basename "$artifact") in a new virtual environment"
    check "install $kind" sh -c "'$python' -m venv '$env_dir' && '$env_dir/bin/pip' install -q '$artifact'"
    home="$work/home-$kind"
    run() { (cd "$work" && env -i HOME="$home" PATH="$env_dir/bin:/usr/bin:/bin" GPUPLANNER_HOME="$home" "$@"); }
    if [ -n "$display" ]; then
        check "$kind: gpuplanner --smoke-test (Xvfb)" run env DISPLAY="$display" "$env_dir/bin/gpuplanner" --smoke-test
    else
        check "$kind: gpuplanner --smoke-test (offscreen)" run env QT_QPA_PLATFORM=offscreen "$env_dir/bin/gpuplanner" --smoke-test
    fi
    check "$kind: gpuplanner --version" run "$env_dir/bin/gpuplanner" --version
    check "$kind: gpuplanner scan --json" run "$env_dir/bin/gpuplanner" scan --json
    check "$kind: gpuplanner db info" run "$env_dir/bin/gpuplanner" db info
    check "$kind: gpuplanner recommend" run "$env_dir/bin/gpuplanner" recommend --scenario student --json
    check "$kind: resources inside the package" run "$env_dir/bin/python" -c \
        "from gpuplanner import paths; p = paths.resource_dir(); assert 'site-packages' in str(p), p; print(p)"
done
exit $failed
