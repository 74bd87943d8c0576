/**
 * Offers `data` as a file to save, the way a browser downloads one: a Blob behind a temporary
 * `<a download>` link. The file name is a suggestion; the user picks where it goes. The one way the
 * renderer downloads; `downloadText` and `downloadBase64` are its two flavours.
 */
export function downloadFile(fileName: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.appendChild(link)
  try {
    link.click()
  } finally {
    link.remove()
    // give the download a moment to start before the Blob goes
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
}

/** Offers `text` (JSON unless `type` says otherwise) as a file to save. */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  downloadFile(fileName, text, type)
}

/** Offers a file main answered as base64 (the labels PDF) as a file to save. */
export function downloadBase64(fileName: string, base64: string, type: string): void {
  downloadFile(fileName, Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)), type)
}
