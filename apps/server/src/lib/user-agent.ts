/** The browser and operating system families a User-Agent names, for people to recognise their devices. */
export function describeUserAgent(userAgent: string | undefined): { browser: string; os: string } {
  const ua = userAgent ?? ''
  return { browser: browserOf(ua), os: osOf(ua) }
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(?<version>\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(?<version>\d+)/, 'Opera'],
  [/SamsungBrowser\/(?<version>\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(?<version>\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS|HeadlessChrome|Chromium)\/(?<version>\d+)/, 'Chrome'],
  [/Version\/(?<version>\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
]

function browserOf(ua: string): string {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua)
    if (match) return `${name} ${match.groups!.version}`
  }
  return ua ? 'Unknown browser' : 'Unknown browser (none named)'
}

function osOf(ua: string): string {
  if (/Windows NT/.test(ua)) return 'Windows'
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS'
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS'
  if (/Android/.test(ua)) return 'Android'
  if (/CrOS/.test(ua)) return 'ChromeOS'
  if (/Linux/.test(ua)) return 'Linux'
  return 'Unknown system'
}
