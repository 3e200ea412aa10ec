#!/bin/sh
# Makes the subset faces of this folder from the dejavu crate's DejaVu Sans faces (see
# README.md): `sh make.sh DIR`, DIR the crate's `assets/dejavu-fonts-ttf-2.37/ttf`.
# Needs fontTools (`pyftsubset`, and `python3` with fontTools for the names).
set -eu
src=${1:?the folder of the DejaVu faces, e.g. ~/.cargo/registry/src/*/dejavu-2.37.0/assets/dejavu-fonts-ttf-2.37/ttf}
here=$(cd "$(dirname "$0")" && pwd)
# What the pictures write (README.md): printable ASCII, the middle dot, the fractions
# one quarter, one half and three quarters, the multiplication sign and u with diaeresis.
unicodes=U+0020-007E,U+00B7,U+00BC-00BE,U+00D7,U+00FC
for face in DejaVuSans DejaVuSans-Bold DejaVuSansCondensed DejaVuSansCondensed-Bold; do
    pyftsubset "$src/$face.ttf" \
        --unicodes="$unicodes" \
        --layout-features='*' --layout-scripts='*' --legacy-kern \
        --notdef-glyph --notdef-outline --glyph-names \
        --name-IDs='*' --name-languages='*' --name-legacy \
        --output-file="$here/$face-map.ttf"
    # Named as derived: the family, full and PostScript names say "Map Subset", the
    # description what the face is. The copyright and licence names stay as they are.
    python3 - "$here/$face-map.ttf" <<'PY'
import sys
from fontTools import version
from fontTools.ttLib import TTFont

path = sys.argv[1]
font = TTFont(path, recalcTimestamp=False)
names = font["name"]
for record in names.names:
    if record.nameID in (1, 3, 4, 6, 16):
        text = record.toUnicode()
        text = text.replace("DejaVu Sans", "DejaVu Sans Map Subset")
        text = text.replace("DejaVuSans", "DejaVuSansMapSubset")
        record.string = text
for record in list(names.names):
    if record.nameID == 5:
        names.setName(
            record.toUnicode() + "; subset with fontTools " + version,
            5, record.platformID, record.platEncID, record.langID,
        )
names.setName(
    "Derived from DejaVu Sans 2.37, not the original: a subset holding only the "
    "characters the BLITZKRIEG umpire's map pictures write, made with fontTools "
    + version + ".",
    10, 3, 1, 0x409,
)
font.save(path)
PY
done
