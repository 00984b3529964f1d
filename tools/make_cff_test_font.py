"""Make tests/data/fixture/fonts/DejaVuSansMono-CFF.otf, the CFF twin of the fixture's DejaVuSansMono.ttf: the same
glyphs (each quadratic curve raised to a cubic one, exactly), widths, character map and licence flags, with PostScript
(CFF) outlines instead of TrueType ones, renamed "DejaVu Sans Mono CFF" (the Bitstream Vera licence asks a changed
font for a name without "Bitstream" or "Vera"). Run with fontTools installed:

    python tools/make_cff_test_font.py tests/data/fixture/fonts/DejaVuSansMono.ttf tests/data/fixture/fonts/DejaVuSansMono-CFF.otf
"""
import sys

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont

source, target = sys.argv[1], sys.argv[2]
ttf = TTFont(source)
order = ttf.getGlyphOrder()
glyphs = ttf.getGlyphSet()
hmtx = ttf["hmtx"].metrics
charstrings = {}
for name in order:
    pen = T2CharStringPen(hmtx[name][0], glyphs)
    glyphs[name].draw(pen)
    charstrings[name] = pen.getCharString()
names = {rec.nameID: rec.toUnicode() for rec in ttf["name"].names if rec.platformID == 3}
fb = FontBuilder(ttf["head"].unitsPerEm, isTTF=False)
fb.setupGlyphOrder(order)
fb.setupCharacterMap(ttf.getBestCmap())
ps_name = names[6] + "-CFF"
fb.setupCFF(ps_name, {"FullName": names[4] + " CFF", "FamilyName": names[1] + " CFF", "Weight": "Book",
                      "Notice": names.get(0, ""), "Copyright": names.get(0, "")}, charstrings, {})
fb.setupHorizontalMetrics({name: hmtx[name] for name in order})
hhea = ttf["hhea"]
fb.setupHorizontalHeader(ascent=hhea.ascent, descent=hhea.descent)
fb.setupNameTable({"familyName": names[1] + " CFF", "styleName": names[2], "psName": ps_name,
                   "fullName": names[4] + " CFF", "copyright": names.get(0, ""), "licenseDescription": names.get(13, ""),
                   "uniqueFontIdentifier": ps_name, "version": names.get(5, "")})
os2 = ttf["OS/2"]
fb.setupOS2(sTypoAscender=os2.sTypoAscender, sTypoDescender=os2.sTypoDescender, usWinAscent=os2.usWinAscent,
            usWinDescent=os2.usWinDescent, fsType=os2.fsType, achVendID=os2.achVendID, usWeightClass=os2.usWeightClass)
fb.setupPost()
fb.font["head"].created = fb.font["head"].modified = ttf["head"].modified
fb.save(target)
t = TTFont(target)
print(t.sfntVersion, len(t.getGlyphOrder()), sorted(t.keys()))
