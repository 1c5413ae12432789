/**
 * Unpacks @sparticuz/chromium's brotli-packed headless Chromium and prints the binary's path. The package
 * unpacks into os.tmpdir(), so the caller runs this with TMPDIR set to the directory it wants it in.
 */
import packedChromium from '@sparticuz/chromium'

console.log(await packedChromium.executablePath())
