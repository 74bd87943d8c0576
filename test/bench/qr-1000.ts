// Benchmark: draw 1,000 QR codes of provisioning URLs as SVG (what the screen and the label
// sheet use), one after another. Goal: under 1 s. Prints `qr_1000_ms: <n> ms (...)`.
import { performance } from 'node:perf_hooks'
import { qrSvg } from '../../electron/services/dect/qr-code'

const urls = Array.from({ length: 1000 }, (_, i) => `https://pbx.demo.example/dect/demo.pbx.example/001565${i.toString(16).toUpperCase().padStart(6, '0')}.xml`)
await qrSvg(urls[0]!) // warm up the library once
const started = performance.now()
for (const url of urls) await qrSvg(url)
const ms = Math.round(performance.now() - started)
console.log(`qr_1000_ms: ${ms} ms (1,000 SVG QR codes, error correction M, ${urls[0]!.length}-character URLs)`)
