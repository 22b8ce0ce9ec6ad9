// The drawings behind scripts/make-seed-reels.mjs: one flat illustration per demo reel.
//
// Everything here runs in the browser page, not in Node: sceneScript() hands over the functions'
// source text, so they may use only the canvas they are given and each other. A scene is
// `(ctx, p)`, drawing the frame at loop phase p in [0, 1) on a 360x640 canvas.

// ---------------------------------------------------------------------------------------------
// Drawing helpers.

const TAU = Math.PI * 2;

/** A repeatable pseudo-random number in [0, 1), so every run draws the same clip. */
function rand(i) {
  const x = Math.sin(i * 127.1 + 311.7) * 43758.5453;
  return x - Math.floor(x);
}

/** A sine of the loop phase that completes `cycles` (a whole number) turns per clip. */
function wave(p, cycles, offset = 0) {
  return Math.sin(TAU * (p * cycles + offset));
}

/** Blends two 'rrggbb' colours: t = 0 gives a, t = 1 gives b. */
function mix(a, b, t) {
  const pa = a.match(/\w\w/g).map((h) => parseInt(h, 16));
  const pb = b.match(/\w\w/g).map((h) => parseInt(h, 16));
  return `rgb(${pa.map((v, i) => Math.round(v + (pb[i] - v) * t)).join(',')})`;
}

function vertical(ctx, y0, y1, stops) {
  const g = ctx.createLinearGradient(0, y0, 0, y1);
  stops.forEach((c, i) => g.addColorStop(i / (stops.length - 1), c));
  return g;
}

function shape(ctx, fill, points) {
  ctx.fillStyle = fill;
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  ctx.closePath();
  ctx.fill();
}

function oval(ctx, fill, x, y, rx, ry, rotation = 0) {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.ellipse(x, y, rx, ry, rotation, 0, TAU);
  ctx.fill();
}

function box(ctx, fill, x, y, w, h, r = 0) {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

/** A soft round light; `color` is '#rrggbb'. */
function glow(ctx, x, y, r, color, alpha) {
  const g = ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, color);
  g.addColorStop(1, `${color}00`);
  ctx.globalAlpha = alpha;
  ctx.fillStyle = g;
  ctx.fillRect(x - r, y - r, 2 * r, 2 * r);
  ctx.globalAlpha = 1;
}

/** Slanted streaks that fall `cycles` screen heights per clip. */
function rain(ctx, p, { count, cycles, color, length, slant }) {
  const { width: w, height: h } = ctx.canvas;
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.5;
  ctx.lineCap = 'round';
  ctx.beginPath();
  for (let i = 0; i < count; i++) {
    const y = ((rand(i) + p * cycles) % 1) * (h + length) - length;
    const x = ((rand(i + 500) * (w + 80) + y * slant) % (w + 80)) - 40;
    const l = length * (0.6 + 0.4 * rand(i + 900));
    ctx.moveTo(x, y);
    ctx.lineTo(x + l * slant, y + l);
  }
  ctx.stroke();
}

/** A standing flat figure, feet at (x, y); `stride` in [-1, 1] swings the legs. */
function person(ctx, x, y, s, look, stride = 0) {
  ctx.lineCap = 'round';
  ctx.strokeStyle = look.legs;
  ctx.lineWidth = 7 * s;
  ctx.beginPath();
  ctx.moveTo(x - 3 * s, y - 30 * s);
  ctx.lineTo(x - 3 * s + stride * 8 * s, y - 2 * s);
  ctx.moveTo(x + 3 * s, y - 30 * s);
  ctx.lineTo(x + 3 * s - stride * 8 * s, y - 2 * s);
  ctx.stroke();
  ctx.strokeStyle = look.shirt;
  ctx.lineWidth = 6 * s;
  ctx.beginPath();
  ctx.moveTo(x - 9 * s, y - 56 * s);
  ctx.lineTo(x - 11 * s - stride * 6 * s, y - 34 * s);
  ctx.moveTo(x + 9 * s, y - 56 * s);
  ctx.lineTo(x + 11 * s + stride * 6 * s, y - 34 * s);
  ctx.stroke();
  box(ctx, look.shirt, x - 10 * s, y - 62 * s, 20 * s, 34 * s, 7 * s);
  if (look.vest) {
    box(ctx, look.vest, x - 9 * s, y - 60 * s, 18 * s, 26 * s, 5 * s);
    box(ctx, '#f4f4f4', x - 9 * s, y - 46 * s, 18 * s, 3 * s);
  }
  oval(ctx, look.skin, x, y - 71 * s, 8 * s, 8.5 * s);
  ctx.fillStyle = look.hair;
  ctx.beginPath();
  ctx.ellipse(x, y - 73 * s, 8.5 * s, 7 * s, 0, Math.PI, TAU);
  ctx.fill();
}

/** A zebu (humped) cow in profile, hooves at (x, y); `lit` in [0, 1] is how much headlight falls on it. */
function cow(ctx, x, y, s, { facing = 1, sitting = false, lit = 0, tail = 0 }) {
  const body = mix('4a5164', 'e6dccb', lit);
  const shade = mix('363c4d', 'b8ad9a', lit);
  const dark = mix('23283a', '6f665a', lit);
  ctx.save();
  ctx.translate(x, y + (sitting ? 34 * s : 0));
  ctx.scale(facing * s, s);
  // Drawn standing; a lying cow is the same outline lowered, its legs folded under it.
  const ground = sitting ? -34 : 0;
  ctx.strokeStyle = shade;
  ctx.lineCap = 'round';
  ctx.lineWidth = 3.5;
  ctx.beginPath();
  ctx.moveTo(-46, -70);
  const tip = sitting ? [-60 + tail * 4, ground - 4] : [-52 + tail * 8, -28];
  ctx.quadraticCurveTo(-54 + tail * 4, -50, tip[0], tip[1]);
  ctx.stroke();
  oval(ctx, dark, tip[0], tip[1], 3.5, 5.5);
  if (sitting) {
    oval(ctx, shade, -26, ground - 4, 18, 8);
    oval(ctx, shade, 30, ground - 3, 16, 5);
  } else {
    for (const [lx, back] of [
      [-44, true],
      [-34, false],
      [12, true],
      [22, false],
    ]) {
      box(ctx, back ? shade : body, lx, -50, 8, 46, 3);
      box(ctx, dark, lx, -6, 8, 6, 2);
    }
  }
  box(ctx, body, -50, -78, 82, 36, 17);
  oval(ctx, body, 18, -78, 13, 10);
  shape(ctx, body, [
    [20, -78],
    [44, -72],
    [54, -58],
    [34, -44],
    [20, -44],
  ]);
  shape(ctx, shade, [
    [34, -48],
    [48, -52],
    [42, -34],
    [30, -40],
  ]);
  shape(ctx, body, [
    [44, -76],
    [56, -80],
    [70, -52],
    [66, -44],
    [56, -44],
  ]);
  oval(ctx, dark, 64, -47, 6, 4, 0.4);
  oval(ctx, dark, 55, -68, 1.8, 1.8);
  oval(ctx, shade, 44, -70, 9, 3.5, 0.5);
  ctx.strokeStyle = mix('5f6678', 'f6efe0', lit);
  ctx.lineWidth = 3.5;
  ctx.beginPath();
  ctx.moveTo(51, -78);
  ctx.quadraticCurveTo(50, -90, 44, -95);
  ctx.stroke();
  ctx.restore();
}

/** An ambulance parked facing right, wheels on y; `red` picks which half of the beacon is lit. */
function ambulance(ctx, x, y, red) {
  box(ctx, '#f7f7f4', x, y - 64, 128, 62, 9);
  box(ctx, '#f7f7f4', x + 96, y - 46, 52, 44, 9);
  box(ctx, '#9fc3d8', x + 112, y - 40, 30, 16, 3);
  box(ctx, '#e05a47', x, y - 24, 148, 8);
  box(ctx, '#2c8f5a', x + 40, y - 54, 24, 24, 3);
  box(ctx, '#f7f7f4', x + 49, y - 51, 6, 18);
  box(ctx, '#f7f7f4', x + 43, y - 45, 18, 6);
  box(ctx, '#ffe9a8', x + 142, y - 18, 8, 6, 2);
  box(ctx, red ? '#ff5a4f' : '#8c3b36', x + 36, y - 73, 16, 9, 3);
  box(ctx, red ? '#3d5a93' : '#5b8cff', x + 54, y - 73, 16, 9, 3);
  glow(ctx, x + (red ? 44 : 62), y - 69, 40, red ? '#ff6a5a' : '#6a95ff', 0.55);
  for (const wx of [x + 26, x + 118]) {
    oval(ctx, '#2b2e33', wx, y, 13, 13);
    oval(ctx, '#9aa0a8', wx, y, 5, 5);
  }
}

/** A scooter tipped over on the road, rear wheel at (x, y). */
function fallenScooter(ctx, x, y) {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(-0.18);
  ctx.scale(0.9, 0.9);
  for (const wx of [0, 76]) {
    oval(ctx, '#2b2e33', wx, 0, 15, 15);
    oval(ctx, '#8d939b', wx, 0, 6, 6);
  }
  shape(ctx, '#3f8fc4', [
    [-14, -10],
    [34, -10],
    [50, -4],
    [66, -38],
    [80, -38],
    [74, -6],
    [60, 4],
    [-12, 4],
  ]);
  box(ctx, '#2f3640', -10, -20, 38, 9, 4);
  box(ctx, '#50545c', 64, -46, 18, 5, 2);
  ctx.restore();
}

/** A rider sitting on the road, legs out to the right, helmet still on; seat at (x, y). */
function seatedRider(ctx, x, y) {
  box(ctx, '#394457', x + 20, y - 13, 52, 13, 6);
  box(ctx, '#2b2e33', x + 66, y - 19, 12, 19, 4);
  box(ctx, '#5b6f8c', x, y - 69, 28, 62, 11);
  ctx.strokeStyle = '#5b6f8c';
  ctx.lineWidth = 8;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x + 20, y - 55);
  ctx.lineTo(x + 40, y - 31);
  ctx.lineTo(x + 56, y - 21);
  ctx.stroke();
  oval(ctx, '#e24b3b', x + 14, y - 87, 17, 17);
  box(ctx, '#30323a', x + 16, y - 95, 16, 10, 4);
  box(ctx, '#e24b3b', x - 2, y - 81, 30, 8, 3);
}

/** A volunteer kneeling behind the rider, hands on his shoulders; knee at (x, y). */
function kneelingVolunteer(ctx, x, y, breath) {
  box(ctx, '#3c4a59', x - 34, y - 12, 40, 12, 6);
  box(ctx, '#3c4a59', x - 6, y - 40, 13, 38, 6);
  box(ctx, '#6b8f71', x - 12, y - 96, 26, 60, 10);
  box(ctx, '#f5a623', x - 10, y - 88, 22, 40, 6);
  box(ctx, '#f4f4f4', x - 10, y - 68, 22, 4);
  oval(ctx, '#8e5b3e', x, y - 110, 11, 12);
  ctx.fillStyle = '#1e1815';
  ctx.beginPath();
  ctx.ellipse(x, y - 113, 12, 10, 0, Math.PI, TAU);
  ctx.fill();
  ctx.strokeStyle = '#6b8f71';
  ctx.lineWidth = 8;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x + 8, y - 84);
  ctx.lineTo(x + 26, y - 76 + breath);
  ctx.moveTo(x + 6, y - 72);
  ctx.lineTo(x + 30, y - 58 + breath);
  ctx.stroke();
}

// ---------------------------------------------------------------------------------------------
// Scenes, one per reel.

/** Waterlogged underpass: rain over a flooded road under a flyover, a barricade half under water. */
function underpass(ctx, p) {
  const { width: w, height: h } = ctx.canvas;
  ctx.fillStyle = vertical(ctx, 0, 260, ['#2b3b55', '#5b7290']);
  ctx.fillRect(0, 0, w, h);
  for (let i = 0; i < 9; i++) {
    const top = 150 - rand(i + 7) * 70;
    box(ctx, '#2a3850', i * 42 - 12, top, 38, 260 - top);
    for (let k = 0; k < 4; k++) {
      if (rand(i * 9 + k) > 0.55) box(ctx, '#f2c46d', i * 42 - 4 + (k % 2) * 14, top + 12 + Math.floor(k / 2) * 18, 6, 8);
    }
  }
  shape(ctx, '#77839a', [
    [0, 226],
    [78, 226],
    [108, 420],
    [0, 420],
  ]);
  shape(ctx, '#77839a', [
    [w, 226],
    [w - 78, 226],
    [w - 108, 420],
    [w, 420],
  ]);
  box(ctx, '#18212e', 78, 250, w - 156, 170);
  box(ctx, vertical(ctx, 300, 400, ['#6b8099', '#485a72']), 132, 300, w - 264, 100);
  shape(ctx, '#222c3a', [
    [78, 250],
    [w - 78, 250],
    [w - 132, 300],
    [132, 300],
  ]);
  // The flood runs on through the underpass to its far end.
  shape(ctx, '#3d6986', [
    [132, 378],
    [w - 132, 378],
    [w - 78, 400],
    [78, 400],
  ]);
  box(ctx, '#5b86a3', 132, 376, w - 264, 3);
  for (const x of [140, w - 140]) {
    glow(ctx, x, 262, 40, '#ffd58a', 0.55);
    box(ctx, '#ffe2a8', x - 10, 258, 20, 5, 2);
  }
  box(ctx, '#a3adbb', 0, 196, w, 38);
  box(ctx, '#6e7a8c', 0, 228, w, 8);
  ctx.strokeStyle = '#c5ccd6';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(0, 184);
  ctx.lineTo(w, 184);
  for (let x = 6; x < w; x += 22) {
    ctx.moveTo(x, 184);
    ctx.lineTo(x, 196);
  }
  ctx.stroke();

  // Barricade, legs under water.
  box(ctx, '#3a3f47', 52, 350, 5, 60);
  box(ctx, '#3a3f47', 131, 350, 5, 60);
  ctx.save();
  ctx.beginPath();
  ctx.rect(42, 352, 104, 20);
  ctx.clip();
  box(ctx, '#f5c542', 42, 352, 104, 20);
  for (let x = 30; x < 150; x += 22)
    shape(ctx, '#2d3038', [
      [x, 372],
      [x + 10, 372],
      [x + 20, 352],
      [x + 10, 352],
    ]);
  ctx.restore();

  // Water with a moving sheen, lamp reflections and rings where drops land.
  const surface = 398;
  ctx.fillStyle = vertical(ctx, surface, h, ['#4d7d9c', '#274a66', '#1a344b']);
  ctx.fillRect(0, surface, w, h - surface);
  ctx.strokeStyle = 'rgba(200,225,240,0.22)';
  ctx.lineWidth = 2;
  for (let j = 0; j < 11; j++) {
    const y = surface + 6 + j * j * 2.2 + j * 6;
    ctx.beginPath();
    for (let x = 0; x <= w; x += 12) {
      const dy = Math.sin(x / (30 + j * 6) + TAU * (p * 2 + j * 0.13)) * (1.5 + j * 0.4);
      if (x === 0) ctx.moveTo(x, y + dy);
      else ctx.lineTo(x, y + dy);
    }
    ctx.stroke();
  }
  for (const x of [140, w - 140]) {
    for (let k = 0; k < 7; k++) {
      const dx = wave(p, 3, k * 0.21) * (3 + k);
      ctx.globalAlpha = 0.5 - k * 0.06;
      box(ctx, '#ffd58a', x - 14 + dx + k, surface + 6 + k * 9, 28 - k * 3, 3, 1.5);
    }
  }
  ctx.globalAlpha = 1;
  for (let i = 0; i < 16; i++) {
    const q = (p * 2 + rand(i + 90)) % 1;
    const y = surface + 14 + rand(i + 50) * (h - surface - 30);
    const depth = (y - surface) / (h - surface);
    ctx.strokeStyle = `rgba(215,235,248,${(1 - q) * 0.55})`;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.ellipse(rand(i) * w, y, (3 + q * 22) * (0.6 + depth), (1 + q * 6) * (0.6 + depth), 0, 0, TAU);
    ctx.stroke();
  }
  rain(ctx, p, { count: 70, cycles: 3, color: 'rgba(210,228,245,0.45)', length: 22, slant: 0.18 });
}

/** Tree down after storm: a gulmohar lies across a wet lane, cones in front, petals drifting. */
function fallenTree(ctx, p) {
  const { width: w, height: h } = ctx.canvas;
  ctx.fillStyle = vertical(ctx, 0, 300, ['#8ea6b8', '#d5dfe4']);
  ctx.fillRect(0, 0, w, h);
  for (const [x, y, r] of [
    [60, 70, 34],
    [110, 60, 44],
    [160, 78, 30],
    [250, 110, 36],
    [300, 98, 44],
    [340, 116, 28],
  ]) {
    oval(ctx, 'rgba(255,255,255,0.55)', x + wave(p, 1, x / 360) * 5, y, r, r * 0.55);
  }
  const houses = ['#d9b99b', '#b8c7c0', '#e3cfa8', '#c9b2bd', '#aebfcf', '#dcc3a0', '#b9c6a8'];
  houses.forEach((color, i) => {
    const top = 150 + rand(i + 3) * 60;
    const x = i * 54 - 20;
    box(ctx, color, x, top, 52, 310 - top);
    box(ctx, 'rgba(0,0,0,0.12)', x, top, 52, 6);
    for (let y = top + 16; y < 290; y += 30) {
      box(ctx, '#6d7f8f', x + 10, y, 12, 14, 2);
      box(ctx, '#6d7f8f', x + 30, y, 12, 14, 2);
    }
  });
  box(ctx, '#bdb6a8', 0, 300, w, h - 300);
  shape(ctx, '#5d646d', [
    [150, 300],
    [210, 300],
    [w + 80, h],
    [-80, h],
  ]);
  ctx.fillStyle = '#e9e4d6';
  for (let i = 0; i < 6; i++) {
    const y0 = 300 + Math.pow(i / 6, 1.7) * 340;
    const y1 = 300 + Math.pow((i + 0.5) / 6, 1.7) * 340;
    const half = (y) => 1 + ((y - 300) / 340) * 3;
    shape(ctx, '#e9e4d6', [
      [180 - half(y0), y0],
      [180 + half(y0), y0],
      [180 + half(y1), y1],
      [180 - half(y1), y1],
    ]);
  }
  oval(ctx, 'rgba(190,215,230,0.55)', 110, 520, 60, 10);
  oval(ctx, 'rgba(190,215,230,0.45)', 260, 560, 50, 8);

  // Uprooted on the left pavement, the trunk across the lane, the crown resting on the right.
  shape(ctx, '#6e5038', [
    [28, 352],
    [58, 338],
    [84, 356],
    [88, 420],
    [62, 440],
    [30, 428],
    [20, 392],
  ]);
  ctx.strokeStyle = '#5a3e2b';
  ctx.lineWidth = 3;
  ctx.lineCap = 'round';
  ctx.beginPath();
  for (const [x, y] of [
    [14, 360],
    [10, 400],
    [22, 440],
    [50, 452],
    [40, 330],
    [76, 334],
  ]) {
    ctx.moveTo(56, 392);
    ctx.quadraticCurveTo((56 + x) / 2 + 6, (392 + y) / 2 - 6, x, y);
  }
  ctx.stroke();
  oval(ctx, '#8a6a4f', 46, 446, 30, 6);
  shape(ctx, '#7b5239', [
    [78, 372],
    [300, 362],
    [304, 378],
    [82, 414],
  ]);
  shape(ctx, '#5f3f2b', [
    [82, 402],
    [302, 372],
    [304, 378],
    [82, 414],
  ]);
  ctx.strokeStyle = '#6b4631';
  ctx.lineWidth = 6;
  ctx.beginPath();
  ctx.moveTo(200, 378);
  ctx.quadraticCurveTo(220, 340, 236, 322);
  ctx.moveTo(250, 372);
  ctx.quadraticCurveTo(280, 390, 300, 420);
  ctx.stroke();
  const leaves = ['#3f7a4d', '#4f8f57', '#5fa165'];
  for (let i = 0; i < 22; i++) {
    const a = rand(i + 40) * TAU;
    const dist = 12 + rand(i + 60) * 58;
    const sway = wave(p, 2, rand(i + 80)) * 3 * (dist / 70);
    oval(ctx, leaves[i % 3], 270 + Math.cos(a) * dist * 1.3 + sway, 350 + Math.sin(a) * dist * 0.6, 22 + rand(i) * 8, 16 + rand(i + 1) * 6);
  }
  for (let i = 0; i < 26; i++) {
    const a = rand(i + 140) * TAU;
    const dist = 10 + rand(i + 160) * 64;
    const sway = wave(p, 2, rand(i + 80)) * 3 * (dist / 70);
    oval(ctx, i % 2 ? '#e4572e' : '#f08a24', 270 + Math.cos(a) * dist * 1.3 + sway, 348 + Math.sin(a) * dist * 0.6, 5, 4);
  }
  for (const x of [150, 212]) {
    shape(ctx, '#f07b2a', [
      [x - 11, 452],
      [x + 11, 452],
      [x + 3, 416],
      [x - 3, 416],
    ]);
    box(ctx, '#f6f1e8', x - 8, 432, 16, 6);
    box(ctx, '#3c4048', x - 15, 450, 30, 5, 2);
  }
  // Loose petals carried across on the breeze.
  for (let i = 0; i < 12; i++) {
    const q = (p + rand(i + 200)) % 1;
    const x = w + 20 - q * (w + 60) + rand(i + 220) * 40;
    const y = 160 + rand(i + 240) * 260 + q * 80 + Math.sin(TAU * (q * 2 + rand(i))) * 12;
    ctx.globalAlpha = Math.sin(Math.PI * q);
    oval(ctx, i % 2 ? '#e4572e' : '#f08a24', x, y, 4, 2.5, TAU * (q * 2 + rand(i)));
  }
  ctx.globalAlpha = 1;
}

/** Cattle on the highway at night: cows resting on the lanes, one car passing with dipped lights. */
function cattleAtNight(ctx, p) {
  const { width: w, height: h } = ctx.canvas;
  const horizon = 280;
  ctx.fillStyle = vertical(ctx, 0, horizon, ['#0a1228', '#22335a']);
  ctx.fillRect(0, 0, w, h);
  for (let i = 0; i < 40; i++) {
    ctx.globalAlpha = 0.45 + 0.35 * wave(p, 1 + (i % 3), rand(i + 300));
    oval(ctx, '#e9eefc', rand(i) * w, rand(i + 10) * (horizon - 60), 1.2, 1.2);
  }
  ctx.globalAlpha = 1;
  oval(ctx, '#f4efd8', 260, 90, 20, 20);
  oval(ctx, '#132040', 270, 84, 18, 18);
  glow(ctx, 260, 90, 60, '#f4efd8', 0.2);
  shape(ctx, '#131d38', [
    [0, horizon],
    [0, 228],
    [60, 242],
    [120, 220],
    [190, 248],
    [260, 224],
    [w, 242],
    [w, horizon],
  ]);
  box(ctx, '#172139', 0, horizon, w, h - horizon);
  shape(ctx, '#2c323e', [
    [168, horizon],
    [192, horizon],
    [w + 110, h],
    [-110, h],
  ]);

  // The car drives down the far lane: a speck at the horizon when the clip starts and ends.
  const run = Math.min(Math.max((p - 0.05) / 0.85, 0), 1);
  const near = run * run;
  const carX = 186 + near * 200;
  const carY = horizon + 2 + near * 380;
  const carS = 0.06 + near * 1.5;
  const light = Math.sin(Math.PI * run);
  ctx.save();
  ctx.globalAlpha = 0.22 * light;
  const pool = ctx.createRadialGradient(carX - 20 * carS, carY + 30 * carS, 0, carX - 20 * carS, carY + 30 * carS, 140 * carS + 30);
  pool.addColorStop(0, '#fff1c0');
  pool.addColorStop(1, 'rgba(255,241,192,0)');
  ctx.fillStyle = pool;
  ctx.fillRect(0, horizon, w, h - horizon);
  ctx.restore();

  ctx.strokeStyle = '#aeb4c0';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(170, horizon);
  ctx.lineTo(-90, h);
  ctx.moveTo(190, horizon);
  ctx.lineTo(w + 90, h);
  ctx.stroke();
  for (let i = 0; i < 7; i++) {
    const a = Math.pow(i / 7, 1.8);
    const b = Math.pow((i + 0.45) / 7, 1.8);
    const ya = horizon + a * (h - horizon);
    const yb = horizon + b * (h - horizon);
    shape(ctx, '#cdb872', [
      [180 - 1 - a * 3, ya],
      [180 + 1 + a * 3, ya],
      [180 + 1 + b * 3, yb],
      [180 - 1 - b * 3, yb],
    ]);
  }
  for (let i = 1; i < 9; i++) {
    const t = Math.pow(i / 9, 1.6);
    const y = horizon + t * (h - horizon);
    const glint = Math.max(0, 1 - Math.abs(y - carY - 40) / 140) * light;
    for (const side of [-1, 1]) {
      oval(ctx, mix('5a4a20', 'ffd95e', 0.25 + 0.75 * glint), 180 + side * (10 + t * 260), y, 1 + t * 2.5, 0.6 + t * 1.2);
    }
  }

  // Headlights fall on what is ahead of the car, so each cow brightens as the car nears it.
  // The cows stand and rest in the near lane and on the far verge; the car keeps to its lane.
  const herd = [
    { x: 236, y: 302, s: 0.32, facing: -1, sitting: true },
    { x: 136, y: 342, s: 0.58, facing: 1, sitting: false },
    { x: 104, y: 400, s: 0.92, facing: 1, sitting: true },
  ];
  const drawCar = () => {
    if (run <= 0 || run >= 1) return;
    box(ctx, '#0d111a', carX - 15 * carS, carY - 17 * carS, 30 * carS, 15 * carS, 4 * carS);
    for (const dx of [-9, 9]) {
      glow(ctx, carX + dx * carS, carY - 7 * carS, 6 + 36 * carS, '#fff4cf', Math.min(1, run * 8) * (0.3 + 0.7 * light));
      oval(ctx, '#fffbea', carX + dx * carS, carY - 7 * carS, 0.8 + 3 * carS, 0.6 + 2 * carS);
    }
  };
  let carDrawn = false;
  herd.forEach((c, i) => {
    if (!carDrawn && carY < c.y) {
      drawCar();
      carDrawn = true;
    }
    const ahead = c.y - carY;
    const lit = 0.2 + 0.75 * light * Math.max(0, 1 - Math.abs(ahead - 50) / 130);
    oval(ctx, 'rgba(0,0,0,0.3)', c.x, c.y, 52 * c.s, 7 * c.s);
    cow(ctx, c.x, c.y, c.s, { ...c, lit, tail: wave(p, 2, i * 0.3) });
  });
  if (!carDrawn) drawCar();
}

/** Help arrived in minutes: volunteers keep a helmeted rider still beside his scooter as the ambulance pulls up. */
function helpArrived(ctx, p) {
  const { width: w, height: h } = ctx.canvas;
  ctx.fillStyle = vertical(ctx, 0, 240, ['#bfe0ee', '#eef6f4']);
  ctx.fillRect(0, 0, w, h);
  const blocks = ['#e7c9a5', '#c9d8c5', '#dcbfcb', '#bcd2de', '#eed7a6', '#cdbfe0'];
  blocks.forEach((color, i) => {
    const top = 70 + rand(i + 20) * 70;
    box(ctx, color, i * 64 - 14, top, 60, 230 - top);
    for (let y = top + 14; y < 206; y += 28) {
      for (let x = i * 64 - 4; x < i * 64 + 40; x += 20) box(ctx, '#ffffffaa', x, y, 10, 13, 2);
    }
  });
  box(ctx, '#d6d0c4', 0, 220, w, 14);
  // The road runs to the bottom edge and darkens there, so the feed's white buttons stay legible.
  box(ctx, vertical(ctx, 234, h, ['#7a8089', '#7a8089', '#5c626b']), 0, 234, w, h - 234);
  for (let x = 10; x < 120; x += 20) box(ctx, '#eeeeee', x, 240, 11, 44);
  for (let x = 150; x < w; x += 56) box(ctx, '#e4e4e4', x, 300, 30, 4);
  for (let x = -20; x < w; x += 56) box(ctx, '#d9d9d9', x, 520, 30, 4);

  // The junction's signal blinks amber.
  box(ctx, '#4b5058', 20, 120, 6, 106);
  box(ctx, '#2f333a', 12, 98, 22, 46, 5);
  oval(ctx, '#8a6d2b', 23, 110, 6, 6);
  oval(ctx, wave(p, 3) > 0 ? '#ffc23d' : '#7a5d22', 23, 128, 6, 6);

  ambulance(ctx, 176, 286, wave(p, 5) > 0);
  fallenScooter(ctx, 26, 368);
  seatedRider(ctx, 166, 405);
  kneelingVolunteer(ctx, 140, 406, wave(p, 1));

  // A second volunteer with the first-aid kit waves the ambulance over.
  const wave2 = wave(p, 2) * 8;
  person(ctx, 264, 410, 1.3, { skin: '#c08a66', hair: '#3a2a22', shirt: '#d06b8c', legs: '#4a4f63', vest: '#f5a623' });
  box(ctx, '#2c8f5a', 270, 356, 28, 22, 4);
  box(ctx, '#ffffff', 281, 359, 6, 16);
  box(ctx, '#ffffff', 276, 364, 16, 6);
  ctx.strokeStyle = '#d06b8c';
  ctx.lineWidth = 8;
  ctx.beginPath();
  ctx.moveTo(254, 340);
  ctx.lineTo(242 - wave2, 306);
  ctx.stroke();
  oval(ctx, '#c08a66', 242 - wave2, 301, 5.5, 5.5);
}

/** Society fire drill: residents walk calmly from the block to the assembly point. */
function fireDrill(ctx, p) {
  const { width: w, height: h } = ctx.canvas;
  ctx.fillStyle = vertical(ctx, 0, 340, ['#bfe3f2', '#fdf0d8']);
  ctx.fillRect(0, 0, w, h);
  glow(ctx, 300, 40, 70, '#fff6d8', 0.9);
  oval(ctx, '#ffe7a3', 300, 40, 22, 22);
  box(ctx, '#e9be98', 70, 70, 220, 268);
  box(ctx, '#c98f6d', 62, 62, 236, 12, 3);
  for (let floor = 0; floor < 5; floor++) {
    const y = 86 + floor * 34;
    for (let col = 0; col < 4; col++) {
      const x = 88 + col * 50;
      box(ctx, '#7d9bb0', x, y, 32, 22, 3);
      box(ctx, '#b7806a', x - 4, y + 22, 40, 4);
    }
  }
  box(ctx, '#a96f55', 150, 270, 60, 68, 4);
  box(ctx, '#4c3a33', 158, 278, 44, 60, 3);
  box(ctx, '#2e9a5b', 160, 252, 40, 14, 2);
  person(ctx, 176, 264, 0.14, { skin: '#fff', hair: '#fff', shirt: '#fff', legs: '#fff' }, 0.8);
  shape(ctx, '#ffffff', [
    [188, 259],
    [195, 259],
    [195, 256],
    [199, 259.5],
    [195, 263],
    [195, 260],
    [188, 260],
  ]);

  // The alarm bell rings, and an extinguisher stands by the door.
  oval(ctx, '#d8433a', 246, 292, 10, 10);
  ctx.strokeStyle = '#d8433a';
  ctx.lineWidth = 2;
  for (let k = 1; k <= 2; k++) {
    ctx.globalAlpha = 0.35 + 0.45 * Math.max(0, wave(p, 4, k * 0.15));
    ctx.beginPath();
    ctx.arc(246, 292, 12 + k * 6, -0.7, 0.7);
    ctx.arc(246, 292, 12 + k * 6, Math.PI - 0.7, Math.PI + 0.7);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  box(ctx, '#d8433a', 222, 316, 10, 22, 4);
  box(ctx, '#2d2d2d', 224, 312, 6, 5, 1);

  box(ctx, '#d9d2c4', 0, 338, w, h - 338);
  oval(ctx, '#a6cf8f', 300, 420, 90, 40);
  // A darker lawn along the bottom keeps the feed's white buttons legible.
  ctx.fillStyle = vertical(ctx, 460, h, ['#94c07f', '#5f8c54']);
  ctx.beginPath();
  ctx.moveTo(0, 462);
  ctx.quadraticCurveTo(180, 500, w, 470);
  ctx.lineTo(w, h);
  ctx.lineTo(0, h);
  ctx.fill();
  // The walkway from the entrance to the assembly point, which the walkers below follow.
  const along = (u) => [(1 - u) * (1 - u) * 180 + 2 * (1 - u) * u * 172 + u * u * 92, (1 - u) * (1 - u) * 340 + 2 * (1 - u) * u * 414 + u * u * 424];
  ctx.strokeStyle = '#ebe5d8';
  ctx.lineWidth = 30;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(180, 340);
  ctx.quadraticCurveTo(172, 414, 92, 424);
  ctx.stroke();
  for (const [x, y, s] of [
    [26, 338, 1],
    [334, 330, 1.1],
  ]) {
    box(ctx, '#7a5a40', x - 4, y - 40 * s, 8, 40 * s);
    oval(ctx, '#5f9e62', x + wave(p, 1, x) * 2, y - 60 * s, 26 * s, 30 * s);
  }

  // Assembly point: a pole with the green sign, the group already gathered around it.
  box(ctx, '#6b6f76', 46, 330, 4, 86);
  box(ctx, '#2e9a5b', 30, 306, 36, 30, 3);
  for (const [dx, dy] of [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ]) {
    shape(ctx, '#fff', [
      [48 + dx * 13, 321 + dy * 11],
      [48 + dx * 8 + dy * 3, 321 + dy * 6 + dx * 3],
      [48 + dx * 8 - dy * 3, 321 + dy * 6 - dx * 3],
    ]);
  }
  oval(ctx, '#fff', 48, 321, 4, 4);
  const shirts = ['#e07a5f', '#3d5a80', '#81b29a', '#f2cc8f', '#9a8c98', '#5e8fb5', '#c06c84'];
  const skins = ['#c08a66', '#8e5b3e', '#e0ac85', '#a86f4c'];
  [
    [70, 424],
    [92, 430],
    [114, 426],
    [80, 444],
    [104, 448],
    [60, 446],
  ].forEach(([x, y], i) => {
    person(ctx, x, y, 0.62, { skin: skins[i % 4], hair: '#2b211c', shirt: shirts[i], legs: '#4a4f63' }, 0);
  });
  for (let i = 0; i < 4; i++) {
    const u = (p + i / 4) % 1;
    const [x, y] = along(u);
    ctx.globalAlpha = Math.min(1, u * 8, (1 - u) * 8);
    person(ctx, x, y, 0.5 + u * 0.14, { skin: skins[(i + 1) % 4], hair: '#2b211c', shirt: shirts[(i + 3) % 7], legs: '#4a4f63' }, wave(p, 5, i / 4));
  }
  ctx.globalAlpha = 1;
  person(ctx, 250, 408, 0.8, { skin: '#b9805b', hair: '#2b211c', shirt: '#546a7b', legs: '#3c4a59', vest: '#f5a623' });
  ctx.strokeStyle = '#546a7b';
  ctx.lineWidth = 5;
  ctx.beginPath();
  ctx.moveTo(243, 362);
  ctx.lineTo(222, 346 + wave(p, 2) * 5);
  ctx.stroke();
  box(ctx, '#e0473a', 212, 336 + wave(p, 2) * 5, 12, 9, 2);
}

/** The scenes in the order of DEMO_REELS (apps/server/src/seed/data/reels.ts). */
const SCENES = [underpass, fallenTree, cattleAtNight, helpArrived, fireDrill];
const HELPERS = [rand, wave, mix, vertical, shape, oval, box, glow, rain, person, cow, ambulance, fallenScooter, seatedRider, kneelingVolunteer];

export const SCENE_NAMES = SCENES.map((scene) => scene.name);

/** Source text that defines every helper and scene, and `SCENE_FUNCTIONS` by name, in a page. */
export function sceneScript() {
  return [`const TAU = ${TAU};`, ...[...HELPERS, ...SCENES].map(String), `const SCENE_FUNCTIONS = { ${SCENE_NAMES.join(', ')} };`].join('\n');
}
