// Generates the committed PWA icons from public/icons/logo.svg (run once after changing the logo).
import sharp from 'sharp'

const src = 'public/icons/logo.svg'
const out = 'public/icons'
for (const size of [192, 512]) {
  await sharp(src).resize(size, size).png().toFile(`${out}/icon-${size}.png`)
}
await sharp(src)
  .resize(180, 180)
  .flatten({ background: '#1f4e8c' })
  .png()
  .toFile(`${out}/apple-touch-icon-180.png`)
// Maskable: the logo inside the 80 % safe zone on a full-bleed background.
const inner = await sharp(src).resize(360, 360).png().toBuffer()
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#1f4e8c' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(`${out}/maskable-512.png`)
await sharp(src).resize(48, 48).png().toFile(`${out}/favicon-48.png`)
