#!/bin/sh
# Regenerates the demo seed pictures in this folder. Run once by hand (needs ffmpeg with
# libfreetype); the generated files are committed, so neither the app nor its install ever
# needs ffmpeg. The reels come from scripts/make-seed-reels.mjs (Chromium, no ffmpeg).
set -eu
cd "$(dirname "$0")"
FONT="${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}"
mkdir -p posts catalog news

# image <out> <width> <height> <colour-from> <colour-to> <caption> <font-size>
image() {
  ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "gradients=s=$2x$3:c0=$4:c1=$5:x0=0:y0=0:x1=$2:y1=$3:nb_colors=2,format=yuv420p" \
    -vf "drawbox=x=0:y=ih*0.74:w=iw:h=ih*0.26:color=black@0.45:t=fill,drawtext=fontfile=$FONT:text='$6':fontcolor=white:fontsize=$7:x=(w-tw)/2:y=h*0.82" \
    -frames:v 1 -q:v 6 "$1"
}

i=0
while IFS='|' read -r c0 c1 caption; do
  i=$((i + 1))
  image "posts/post-$i.jpg" 800 600 "$c0" "$c1" "$caption" 44
done <<'LIST'
0xff4081|0x7c4dff|Kesar Mangoes Are Here
0xff9800|0xe91e63|Garba Night Rehearsal
0xd32f2f|0xffcdd2|Blood Donation Camp
0x455a64|0xffc107|Road Repair Ahead
0x795548|0xffe0b2|Lost Dog - Brown Indie
0x2e7d32|0xfff176|Home Tiffin Service
0x1565c0|0x80deea|Maths and Science Tuition
0x00897b|0xc5e1a5|Society Clean-up Drive
0x37474f|0xff7043|Bike Service Camp
0x0d47a1|0x4fc3f7|Monsoon Drain Cleaning
0xff6f00|0xfff59d|Vada Pav Corner
0x6a1b9a|0xf8bbd0|2BHK Flat for Rent
0x263238|0xffeb3b|Street Light Fixed
0x43a047|0xb2ebf2|Yoga in the Park
LIST

i=0
while IFS='|' read -r c0 c1 caption; do
  i=$((i + 1))
  image "catalog/item-$i.jpg" 640 480 "$c0" "$c1" "$caption" 36
done <<'LIST'
0xffa000|0xff4081|Kesar Mango Box
0xff6f00|0xffee58|Alphonso Dozen
0x2e7d32|0xa5d6a7|Tender Coconut
0xc2185b|0xffcc80|Seasonal Fruit Basket
0xf57f17|0xfff9c4|Gujarati Thali
0xbf360c|0xffab91|Dal Dhokli
0x827717|0xf0f4c3|Khichdi Kadhi
0x5d4037|0xd7ccc8|Methi Thepla Pack
0xe65100|0xffe082|Vada Pav
0xb71c1c|0xff8a65|Misal Pav
0xd84315|0xffcc80|Pav Bhaji
0x4e342e|0xbcaaa4|Cutting Chai
0x263238|0x90a4ae|Bike General Service
0x01579b|0x81d4fa|Car Wash and Polish
0x424242|0xffd54f|Puncture Repair
0x1b5e20|0xc8e6c9|Battery Check
0x283593|0x9fa8da|Class 10 Maths
0x00695c|0x80cbc4|Science Practicals
0x4a148c|0xce93d8|Spoken English
LIST

i=0
while IFS='|' read -r c0 c1 caption; do
  i=$((i + 1))
  image "news/news-$i.jpg" 800 450 "$c0" "$c1" "$caption" 40
  image "news/news-$i-thumb.jpg" 240 160 "$c0" "$c1" "$caption" 14
done <<'LIST'
0xc62828|0xff8a80|Save These Numbers
0x1565c0|0x90caf9|Good Samaritan Law
0xad1457|0xf48fb1|Hands-only CPR
0x0277bd|0x80deea|Monsoon Safety
0xe65100|0xffcc80|Beat the Heat
0x283593|0xb39ddb|Stop Cyber Fraud
0x6a1b9a|0xf8bbd0|Travel Safe at Night
0xbf360c|0xffab91|Fire and LPG Safety
0x00695c|0xa5d6a7|Festival Crowd Safety
0xc2185b|0xffd1dc|Answering an SOS
LIST
