#!/usr/bin/env bash
# Installs the Debian packages NXN needs outside npm: Chromium for browser tests, ffmpeg for the video
# pipeline, fonts for burned-in captions, Festival for the better offline voice. Does nothing when they are
# already there.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
[ -d /usr/share/fonts/truetype/liberation2 ] || missing+=(fonts-liberation2)
# Caption fallbacks for the catalogue's other alphabets: Noto (Devanagari, Bengali, Tamil, Thai...), Nanum
# (Hangul) and WenQuanYi Micro Hei (Chinese, Japanese).
[ -d /usr/share/fonts/truetype/noto ] || missing+=(fonts-noto-core)
[ -d /usr/share/fonts/truetype/nanum ] || missing+=(fonts-nanum)
[ -d /usr/share/fonts/truetype/wqy ] || missing+=(fonts-wqy-microhei)
# Festival with the CMU SLT HTS voice (MIT-style, BSD-3 and EST licences): the "Festival HTS (offline)" voice. The
# server works without them and shows that voice as unavailable.
[ -x /usr/bin/festival ] || missing+=(festival)
[ -d /usr/share/festival/voices/us/cmu_us_slt_arctic_hts ] || missing+=(festvox-us-slt-hts)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing system packages: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "Please install these Debian packages first: ${missing[*]}" >&2
    exit 1
  fi
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
