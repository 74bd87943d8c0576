/**
 * Offers `text` as a file to save, the way a browser downloads one: a Blob behind a temporary
 * `<a download>` link. The file name is a suggestion; the user picks where it goes.
 */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
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
