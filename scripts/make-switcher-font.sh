#!/bin/sh
# Makes web/app/fonts/nepali-label.woff2: the six glyphs of "नेपाली" from Noto Sans Devanagari
# (OFL-1.1; the @fontsource-variable copy web already ships), at weight 600, for the language
# switcher on English pages. Those pages do not load the full 121 KB Devanagari file, and a
# system without a Devanagari font would draw the switcher's label as empty boxes.
# Run once by hand when the label changes (needs Debian's python3-fonttools and python3-brotli);
# the output is committed, nothing runs at build or start.
set -eu
cd "$(dirname "$0")/../web"
src=node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 -m fontTools.varLib.instancer "$src" wght=600 -o "$tmp/600.woff2"
/usr/bin/python3 -m fontTools.subset "$tmp/600.woff2" --text="नेपाली" \
  --layout-features='*' --flavor=woff2 --no-hinting --desubroutinize \
  --name-IDs='0,1,2,3,4,5,6,13,14' --output-file=app/fonts/nepali-label.woff2
ls -l app/fonts/nepali-label.woff2
