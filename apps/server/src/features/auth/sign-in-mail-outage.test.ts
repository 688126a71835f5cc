import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type ConnectionFault, type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('sign-in e-mail after a mail server outage (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    t = await buildTestApp({ dialect, smtp })
  })
  afterEach(() => t.close())

  const send = (email: string, ip: string) =>
    t.request({ method: 'POST', url: '/api/send-magic-link', payload: { email }, remoteAddress: ip })

  it('sends the next sign-in e-mail at once after 20 refused or dropped connections', async () => {
    // Refusals and drops mixed, as a relay restarting behind a load balancer shows them.
    const faults: ConnectionFault[] = Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? 'drop' : 'refuse'))
    smtp.failConnections(faults)
    let refused = 0
    for (let attempt = 0; smtp.connectionFaults().remaining > 0 && attempt < 40; attempt++) {
      const { email } = await t.createUser()
      const answer = await send(email, `10.2.0.${attempt + 1}`)
      if (answer.statusCode === 503) refused += 1
      else expect(answer.statusCode).toBe(200)
    }
    expect(smtp.connectionFaults()).toEqual({ failed: 20, remaining: 0 })
    expect(refused).toBeGreaterThan(0)

    const { email } = await t.createUser()
    const started = Date.now()
    const answer = await send(email, '10.2.1.1')
    expect(answer.statusCode).toBe(200)
    const mail = await smtp.waitForMail(email, 5000)
    expect(Date.now() - started).toBeLessThan(5000)
    expect(mail.subject).toMatch(/sign/i)

    // And the pool keeps working: several at once all arrive.
    const others = await Promise.all(Array.from({ length: 12 }, () => t.createUser()))
    const answers = await Promise.all(others.map(({ email: address }, i) => send(address, `10.2.2.${i + 1}`)))
    expect(answers.map((a) => a.statusCode)).toEqual(others.map(() => 200))
    for (const other of others) await smtp.waitForMail(other.email, 5000)
  })
})
