#!/usr/bin/env bash
# Makes the three demo videos in cms/demo-content/media/ (plus one JPEG poster
# frame per video), entirely from ffmpeg's own generated sources: no external
# footage. Kept for the record; the generated files are committed, and ffmpeg
# is never needed at run time.
#
#   sunrise-over-the-hills.mp4  the sun rising behind mountains and hills (geq)
#   tihar-lamps.mp4             a row of flickering oil lamps under a marigold garland (geq)
#   evening-sky-colours.mp4     slowly drifting warm colours over a hill silhouette (gradients + geq)
#
# All: 640x360, 25 fps, 5 s, H.264 (yuv420p), +faststart, no audio.
#
# Usage: scripts/make-demo-videos.sh   (needs ffmpeg, e.g. apt-get install -y ffmpeg)
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=cms/demo-content/media
mkdir -p "$OUT"

W=640
H=360
DUR=5
ENC=(-c:v libx264 -preset slow -crf 26 -pix_fmt yuv420p -movflags +faststart -an
     -map_metadata -1 -fflags +bitexact -flags:v +bitexact)

poster() { # <name>: poster frame at 2.5 s
  ffmpeg -hide_banner -loglevel error -y -ss 2.5 -i "$OUT/$1.mp4" -frames:v 1 -q:v 3 \
    -map_metadata -1 -fflags +bitexact -flags:v +bitexact "$OUT/$1.jpg"
}

# --- 1. Sunrise over the hills ------------------------------------------------
# ld(0): distance to the (rising) sun, ld(1): sun glow, ld(2): height in the sky.
PRE='st(0,hypot(X-420,Y-(215-22*T)));st(1,exp(-ld(0)/55));st(2,Y/H);'
NEAR='gt(Y,300+12*sin((X+4*T)/150+0.5)+5*sin(X/50))'
MID='gt(Y,245+16*sin((X+2*T)/110+2)+6*sin(X/41))'
RIDGE='140+60*abs(sin(X/70+0.3))+8*sin(X/23)'
FAR="gt(Y,${RIDGE})"
SNOW="lt(Y,${RIDGE}+12)*lt(abs(sin(X/70+0.3)),0.3)"
SUN='lt(ld(0),32)'
chan() { # <near> <mid> <snow> <far> <sun> <sky expression>
  echo "${PRE}if(${NEAR},$1,if(${MID},$2,if(${FAR},if(${SNOW},$3,$4),if(${SUN},$5,min(255,$6)))))"
}
R=$(chan 128 176 252 '196+0.1*(Y-140)' 255 '238+15*ld(2)+40*ld(1)')
G=$(chan 158 192 246 '170+0.1*(Y-140)' 244 '168+60*ld(2)+50*ld(1)+2*T')
B=$(chan 96  128 242 '198+0.05*(Y-140)' 205 '150+30*ld(2)+25*ld(1)')
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "color=c=black:s=${W}x${H}:r=25:d=${DUR},format=gbrp" \
  -vf "geq=r='${R}':g='${G}':b='${B}',format=yuv420p" \
  "${ENC[@]}" "$OUT/sunrise-over-the-hills.mp4"
poster sunrise-over-the-hills

# --- 2. Tihar lamps -------------------------------------------------------------
# Five lamps on a ledge; ld(1): summed flickering glow, ld(2): inside a flame,
# ld(3): inside a clay bowl, ld(4): distance to the nearest garland bead.
XS=(80 200 320 440 560)
GLOW='0'
FLAME='9'
BOWL='9'
for k in 0 1 2 3 4; do
  x=${XS[$k]}
  GLOW="${GLOW}+(0.82+0.18*sin(T*9+${k}*1.7)*sin(T*5.3+${k}))*exp(-(pow(X-${x},2)+pow(Y-262,2))/3200)"
  FLAME="min(${FLAME},pow((X-${x})/6,2)+pow((Y-266-2*sin(T*11+${k}))/13,2))"
  BOWL="min(${BOWL},pow((X-${x})/24,2)+pow((Y-284)/10,2))"
done
BEAD='hypot(mod(X,18)-9,Y-(26+34*sin(PI*X/640)))'
LPRE="st(1,${GLOW});st(2,${FLAME});st(3,${BOWL});st(4,${BEAD});"
IS_FLAME='lt(ld(2),1)'
IS_BOWL='lt(ld(3),1)*gt(Y,280)'
IS_BEAD='lt(ld(4),7)'
YELLOW_BEAD='eq(mod(floor(X/18),3),2)'
LEDGE='gt(Y,292)'
lchan() { # <flame> <bowl> <bead orange> <bead yellow> <ledge> <background> <glow weight>
  echo "${LPRE}min(255,if(${IS_FLAME},$1,if(${IS_BOWL},$2,if(${IS_BEAD},if(${YELLOW_BEAD},$4,$3),if(${LEDGE},$5,$6))+$7*ld(1))))"
}
R=$(lchan 255 150 240 247 '96-0.2*(Y-292)' '44+0.12*Y' 200)
G=$(lchan 222  78 138 200 '52-0.1*(Y-292)' '26+0.06*Y' 140)
B=$(lchan 130  44  36  68 '36-0.1*(Y-292)' '44+0.02*Y' 55)
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "color=c=black:s=${W}x${H}:r=25:d=${DUR},format=gbrp" \
  -vf "geq=r='${R}':g='${G}':b='${B}',format=yuv420p" \
  "${ENC[@]}" "$OUT/tihar-lamps.mp4"
poster tihar-lamps

# --- 3. Colours of the evening sky ----------------------------------------------
# ffmpeg's gradients source in warm evening colours, with hill silhouettes drawn over it.
HILL1='gt(Y,250+14*sin(X/90+1)+7*sin(X/33))'
HILL2='gt(Y,295+10*sin(X/140+3)+5*sin(X/47))'
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "gradients=s=${W}x${H}:r=25:d=${DUR}:n=3:c0=0x8f7aa8:c1=0xf2a685:c2=0xfde3c4:x0=300:y0=0:x1=340:y1=330:seed=7:speed=0.005,format=gbrp" \
  -vf "geq=r='if(${HILL2},84,if(${HILL1},122,r(X,Y)))':g='if(${HILL2},70,if(${HILL1},96,g(X,Y)))':b='if(${HILL2},86,if(${HILL1},116,b(X,Y)))',format=yuv420p" \
  "${ENC[@]}" "$OUT/evening-sky-colours.mp4"
poster evening-sky-colours

ls -l "$OUT"
