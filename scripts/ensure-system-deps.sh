#!/usr/bin/env bash
# Installs the Debian packages NXN needs outside npm and says which and why: ffmpeg for the video pipeline, fonts
# for burned-in captions, Festival for the better offline voice, and (for the test suite only) Chromium for the
# browser tests. Does nothing when they are already there. `npm test` runs it as it is; `npm start` runs it with
# --runtime (no Chromium). Without root, or sudo that can be used, it installs nothing: it prints the exact
# command to run and exits 1. The same fonts are checked by the worker (src/server/media/tools.ts).
set -euo pipefail

runtime_only=false
[ "${1:-}" = "--runtime" ] && runtime_only=true

missing=()
reasons=()
need() { missing+=("$1"); reasons+=("$1: $2"); }

if ! $runtime_only; then
  command -v chromium >/dev/null 2>&1 || need chromium "the browser the end-to-end tests drive"
fi
command -v ffmpeg >/dev/null 2>&1 || need ffmpeg "ffmpeg and ffprobe, which put every video together"
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need fonts-dejavu-core "the caption font (DejaVu)"
[ -d /usr/share/fonts/truetype/liberation2 ] || need fonts-liberation2 "the brand kit's Liberation fonts"
# Caption fallbacks for the catalogue's other alphabets: Noto (Devanagari, Bengali, Tamil, Thai...), Nanum
# (Hangul) and WenQuanYi Micro Hei (Chinese, Japanese).
[ -d /usr/share/fonts/truetype/noto ] || need fonts-noto-core "caption fonts for Indic scripts, Thai and more (Noto)"
[ -d /usr/share/fonts/truetype/nanum ] || need fonts-nanum "caption fonts for Korean (Nanum)"
[ -d /usr/share/fonts/truetype/wqy ] || need fonts-wqy-microhei "caption fonts for Chinese and Japanese (WenQuanYi)"
# Festival with the CMU SLT HTS voice (MIT-style, BSD-3 and EST licences): the "Festival HTS (offline)" voice. The
# server works without them and shows that voice as unavailable.
[ -x /usr/bin/festival ] || need festival "the Festival HTS offline voice"
[ -d /usr/share/festival/voices/us/cmu_us_slt_arctic_hts ] || need festvox-us-slt-hts "the Festival HTS offline voice (its voice data)"

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "NXN needs these system packages, which are not installed:"
printf '  - %s\n' "${reasons[@]}"
command_line="sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}"

refuse() {
  echo "" >&2
  echo "✖ $1" >&2
  echo "  Install them with this command, then run this again:" >&2
  echo "" >&2
  echo "    $command_line" >&2
  echo "" >&2
  exit 1
}

if ! command -v apt-get >/dev/null 2>&1; then
  refuse "apt-get was not found: this is not Debian or Ubuntu, so the packages cannot be installed for you."
fi
if [ "$(id -u)" -eq 0 ]; then
  SUDO=
elif command -v sudo >/dev/null 2>&1 && { sudo -n true 2>/dev/null || [ -t 0 ]; }; then
  # Without a cached password sudo asks for it, which needs a terminal.
  SUDO=sudo
else
  refuse "This user is not root and cannot use sudo here."
fi

echo "Installing them now (apt-get)…"
export DEBIAN_FRONTEND=noninteractive
if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"; }; then
  refuse "apt-get could not install them (see its message above)."
fi
echo "Installed: ${missing[*]}"
