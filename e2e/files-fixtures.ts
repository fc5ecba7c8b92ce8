import sharp from 'sharp';

/** A file as Playwright's setInputFiles and our multipart helper take it. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A silent MP3 made of MPEG-1 Layer III frames: the header FF FB 90 64 (128 kbps, 44.1 kHz, joint
 * stereo, no CRC) then 413 zero bytes, which decode to silence. A frame is 1152 samples (≈26 ms),
 * so 40 frames play for about a second.
 */
export function silentMp3(frames = 40): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** A silent 16-bit mono PCM WAV of the given length (8 kHz). */
export function silentWav(milliseconds = 1000): Buffer {
  const rate = 8000;
  const samples = Math.round((rate * milliseconds) / 1000);
  const data = samples * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  return b;
}

/** A small landscape drawn for the tests: sky, sun, hills, and a caption. Ours, no copyright issue. */
function landscapeSvg(width: number, height: number, sky: string, sun: string, hills: string, caption: string): string {
  const r = Math.round(Math.min(width, height) / 8);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fff8e7"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#s)"/>
  <circle cx="${width * 0.72}" cy="${height * 0.3}" r="${r}" fill="${sun}"/>
  <path d="M0 ${height * 0.7} Q ${width * 0.25} ${height * 0.5} ${width * 0.5} ${height * 0.68} T ${width} ${height * 0.62} V ${height} H 0 Z" fill="${hills}"/>
  <path d="M0 ${height * 0.85} Q ${width * 0.4} ${height * 0.72} ${width} ${height * 0.88} V ${height} H 0 Z" fill="${hills}" opacity="0.7"/>
  <text x="${width * 0.06}" y="${height * 0.16}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(height / 12)}" fill="#333">${caption}</text>
</svg>`;
}

export async function pngImage(name: string, width = 640, height = 480, colours = ['#7ec8e3', '#ffb703', '#2a9d8f']): Promise<FilePayload> {
  const svg = landscapeSvg(width, height, colours[0], colours[1], colours[2], name.replace(/\.[^.]+$/, ''));
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

export async function jpegImage(
  name: string,
  width = 2400,
  height = 1600,
  colours = ['#f4a261', '#e76f51', '#264653'],
): Promise<FilePayload> {
  const svg = landscapeSvg(width, height, colours[0], colours[1], colours[2], name.replace(/\.[^.]+$/, ''));
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer() };
}

export const mp3 = (name: string, frames = 40): FilePayload => ({ name, mimeType: 'audio/mpeg', buffer: silentMp3(frames) });
export const wav = (name: string, milliseconds = 1000): FilePayload => ({ name, mimeType: 'audio/wav', buffer: silentWav(milliseconds) });
export const text = (name: string, body = `Notes for ${name}\n`): FilePayload => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(body),
});

/** The smallest well-formed one-page PDF (text only). */
export function pdf(name: string): FilePayload {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = 'BT /F1 18 Tf 40 70 Td (A test document) Tj ET';
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(out, 'latin1') };
}
