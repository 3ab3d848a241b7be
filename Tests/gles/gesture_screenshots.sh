#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# lamina-viewer --gesture through a window under Xvfb (issue 27 item 6): the demo's script played
# to five moments (the card dragged, flung, caught mid-flight, the list bouncing off its end and
# pulled past its top), each screenshot saved to OUT/gesture-xvfb-T.png and compared with the
# same frame rendered headless (OUT/gesture-T.png) under lamina-golden's tolerance.
#
#   gesture_screenshots.sh XVFB_RUN VIEWER GOLDEN OUT
set -eu
XVFB_RUN=$1 VIEWER=$2 GOLDEN=$3 OUT=$4
mkdir -p "$OUT"
for t in 0.45 0.70 1.95 3.45 4.75; do
    "$XVFB_RUN" -a "$VIEWER" --gesture --at "$t" --screenshot "$OUT/gesture-xvfb-$t.png"
    "$VIEWER" --gesture --at "$t" --png "$OUT/gesture-$t.png"
    "$GOLDEN" --compare "$OUT/gesture-xvfb-$t.png" "$OUT/gesture-$t.png"
done
echo "gesture screenshots: 5 saved under $OUT, each matching its headless frame"
