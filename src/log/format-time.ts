/** `YYYY/MM/DD HH:MM:SS` in local time, the stamp that starts every header. */
export function formatLogTime(at: number): string {
  // A turn writes several blocks within one second: format it once.
  const second = Math.floor(at / 1000)
  if (second !== last.second) last = { second, text: formatSecond(at) }
  return last.text
}

let last = { second: Number.NaN, text: '' }

function formatSecond(at: number): string {
  const date = new Date(at)
  const day = [
    date.getFullYear(),
    pad(date.getMonth() + 1),
    pad(date.getDate()),
  ].join('/')
  const time = [
    pad(date.getHours()),
    pad(date.getMinutes()),
    pad(date.getSeconds()),
  ].join(':')
  return `${day} ${time}`
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}
