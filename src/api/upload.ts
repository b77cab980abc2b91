// A multipart upload with progress (issue #13: a lead file of up to 50 MB shows how far its upload
// went). fetch reports no upload progress, so this one request goes through XMLHttpRequest, with the
// same XSRF header, JSON answer and failure handling as every other call (src/api/client.ts).
import { apiFailure, xsrfToken } from './client.ts'

export type UploadOptions = {
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

function parse(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export async function uploadForm<T>(
  path: string,
  formData: FormData,
  options: UploadOptions = {},
): Promise<T> {
  const { onProgress, signal } = options
  const token = await xsrfToken()
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', new URL(path, window.location.origin))
    request.withCredentials = true
    request.setRequestHeader('accept', 'application/json')
    if (token !== null) request.setRequestHeader('X-XSRF-TOKEN', token)
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    })
    request.addEventListener('load', () => {
      const data = parse(request.responseText)
      if (request.status >= 200 && request.status < 300 && data !== undefined) {
        onProgress?.(1)
        resolve(data as T)
      } else reject(apiFailure(request.status, data))
    })
    request.addEventListener('error', () => reject(apiFailure(0, undefined)))
    request.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.send(formData)
  })
}
