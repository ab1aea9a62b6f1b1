import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../db/seed/demo-accounts.js'
import { latestCode } from '../../test/outbox.js'
import { cookieFrom, loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

const GOOD_PASSWORD = 'Boleta#2026'

function newFan(n: number, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Laura',
    lastName: 'Gómez',
    email: `laura${n}@example.co`,
    phonePrefix: '+57',
    phone: `3001112${String(n).padStart(3, '0')}`,
    documentType: 'CC',
    documentNumber: `10${String(n).padStart(6, '0')}`,
    gender: 'FEMALE',
    birthDate: '1994-03-05',
    password: GOOD_PASSWORD,
    acceptTerms: true,
    ...overrides,
  }
}

describe.each(ENGINES)('accounts on %s', (engine) => {
  let t: TestApp
  let n = 0
  const next = () => ++n
  // Each test comes from its own address, so the per-IP limits only meet the test that is about them.
  let ip = '10.0.0.1'
  beforeEach(() => {
    ip = `10.0.${Math.floor(n / 200)}.${(n % 200) + 1}`
    n++
  })
  const post = (url: string, payload: unknown, cookie?: string, host = 'localhost:3000') =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      payload: payload as object,
      headers: { host, ...(cookie ? { cookie } : {}) },
    })

  /** Registers and confirms a fan; returns their sign-up data and session cookie. */
  async function registered(overrides: Record<string, unknown> = {}) {
    const fan = newFan(next(), overrides)
    const res = await post('/api/v1/auth/sign-up', fan)
    expect(res.statusCode, res.body).toBe(201)
    const confirm = await post('/api/auth/otp/confirm', {
      email: fan.email,
      code: await latestCode(t.db.db, fan.email),
    })
    expect(confirm.statusCode, confirm.body).toBe(200)
    // The resend cool-down would otherwise meet the next code a test asks for within 30 s.
    await t.db.db.deleteFrom('auth_attempts').execute()
    return { fan, cookie: cookieFrom(confirm) }
  }

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
  })
  afterAll(async () => t?.close())

  it('registers, confirms with the emailed code, and is logged in with a user_session cookie', async () => {
    const fan = newFan(next())
    const signUp = await post('/api/v1/auth/sign-up', fan)
    expect(signUp.statusCode, signUp.body).toBe(201)
    expect(signUp.json()).toEqual({ email: fan.email, next: 'CONFIRM' })

    const mail = await t.db.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', fan.email)
      .executeTakeFirstOrThrow()
    expect(mail.channel).toBe('email')
    expect(mail.locale).toBe('es-CO')
    expect(mail.subject).toMatch(/Confirme su cuenta/)
    expect(mail.html_body).toContain('<html')

    // Not confirmed yet: the password does not open the account.
    const early = await post('/api/auth/login', { email: fan.email, password: GOOD_PASSWORD })
    expect(early.json().code).toBe('UserNotConfirmedException')

    const confirm = await post('/api/auth/otp/confirm', {
      email: fan.email,
      code: await latestCode(t.db.db, fan.email),
    })
    expect(confirm.statusCode, confirm.body).toBe(200)
    const cookie = cookieFrom(confirm)
    expect(cookie).toMatch(/^user_session=/)
    const setCookie = String(confirm.headers['set-cookie'])
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)

    const me = await t.app.inject({ url: '/api/fan', headers: { cookie } })
    expect(me.json()).toMatchObject({
      email: fan.email,
      phonePrefix: '+57',
      phone: fan.phone,
      documentType: 'CC',
      registrationStatus: 'REGISTERED',
      roles: ['fan'],
    })
    const palco = await t.app.inject({ url: '/api/auth/palco-session', headers: { cookie } })
    expect(palco.json().session.email).toBe(fan.email)
  })

  it('stores codes hashed and refuses a replayed code', async () => {
    const fan = newFan(next())
    await post('/api/v1/auth/sign-up', fan)
    const code = await latestCode(t.db.db, fan.email)
    const stored = await t.db.db.selectFrom('auth_verifications').select('value').execute()
    expect(stored.map((s) => s.value).join(' ')).not.toContain(code)
    expect((await post('/api/auth/otp/confirm', { email: fan.email, code })).statusCode).toBe(200)
    const replay = await post('/api/v1/auth/verify-otp', { email: fan.email, code })
    expect(replay.statusCode).toBeGreaterThanOrEqual(400)
    expect(['CodeMismatchException', 'CodeExpiredException']).toContain(replay.json().code)
  })

  it.each([
    ['email', { email: 'not-an-email' }, 'invalidEmail'],
    ['password', { password: 'weakpass' }, 'invalidPassword'],
    ['phone', { phone: '3091234567' }, 'invalidPhone'],
    ['phone', { phonePrefix: '+52', phone: '0123456789' }, 'invalidPhone'],
    ['documentType', { documentType: 'XX' }, 'invalidDocumentType'],
    ['birthDate', { birthDate: '2015-01-01' }, 'tooYoung'],
    ['acceptTerms', { acceptTerms: false }, 'mustAcceptTerms'],
  ])('refuses a bad %s with a field error and creates nothing', async (field, override, message) => {
    const fan = newFan(next(), override)
    const res = await post('/api/v1/auth/sign-up', fan)
    expect(res.statusCode).toBe(400)
    expect(res.json().fields[field]).toBe(message)
    const users = await t.db.db
      .selectFrom('auth_users')
      .select('id')
      .where('email', '=', String(fan.email))
      .execute()
    expect(users).toHaveLength(0)
  })

  it('refuses a second sign-up with the same email, phone or document', async () => {
    const { fan } = await registered()
    const again = (o: Record<string, unknown>) => post('/api/v1/auth/sign-up', newFan(next(), o))
    expect((await again({ email: fan.email })).json()).toMatchObject({
      code: 'UsernameExistsException',
      fields: { email: 'UsernameExistsException' },
    })
    expect((await again({ phone: fan.phone })).json().code).toBe('RepeatedPhoneNumber')
    expect((await again({ documentNumber: fan.documentNumber })).json().code).toBe('RepeatedDocumentNumber')
    expect((await again({ email: fan.email })).statusCode).toBe(409)
  })

  it('answers the existence checks', async () => {
    const { fan } = await registered()
    const yes = await post('/api/fan/email-validation', { email: fan.email.toUpperCase() })
    expect(yes.json()).toEqual({ exists: true })
    expect((await post('/api/fan/email-validation', { email: 'nobody@example.co' })).json()).toEqual({
      exists: false,
    })
    expect(
      (
        await post('/api/fan/phone-validation', {
          phonePrefix: '+57',
          phone: `${fan.phone.slice(0, 3)} ${fan.phone.slice(3)}`,
        })
      ).json(),
    ).toEqual({ exists: true })
    expect(
      (
        await post('/api/fan/identification-validation', {
          documentType: 'CC',
          documentNumber: fan.documentNumber,
        })
      ).json(),
    ).toEqual({ exists: true })
    expect(
      (await post('/api/fan/identification-validation', { documentType: 'ZZ', documentNumber: '1' }))
        .statusCode,
    ).toBe(400)
  })

  it('logs in by password with email or phone, and never tells which part was wrong', async () => {
    const { fan } = await registered()
    const ok = await post('/api/v1/auth/sign-in', { email: fan.email, password: GOOD_PASSWORD })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().session.roles).toEqual(['fan'])
    const byPhone = await post('/api/auth/login', {
      phonePrefix: '+57',
      phone: fan.phone,
      password: GOOD_PASSWORD,
    })
    expect(byPhone.statusCode, byPhone.body).toBe(200)
    const wrong = await post('/api/auth/login', { email: fan.email, password: 'Wrong#2026' })
    const unknown = await post('/api/auth/login', { email: 'ghost@example.co', password: 'Wrong#2026' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().code).toBe('NotAuthorizedException')
    expect(unknown.json().code).toBe('NotAuthorizedException')
    expect(unknown.json().detail).toBe(wrong.json().detail)
  })

  it('locks an account after repeated failures and throttles 100 rapid attempts', async () => {
    const { fan } = await registered()
    const codes: string[] = []
    for (let i = 0; i < 100; i++) {
      const res = await post('/api/auth/login', { email: fan.email, password: `Wrong#${i}aA` })
      codes.push(res.json().code)
    }
    expect(codes.slice(0, 10).every((c) => c === 'NotAuthorizedException')).toBe(true)
    expect(codes[10]).toBe('FailedAttemptsLimitExceededException')
    expect(codes.filter((c) => c === 'NotAuthorizedException')).toHaveLength(10)
    // Even the right password waits until the window passes.
    const right = await post('/api/auth/login', { email: fan.email, password: GOOD_PASSWORD })
    expect(right.statusCode).toBe(429)
  })

  it('logs in with a code by email and by SMS', async () => {
    const { fan } = await registered()
    const ask = await post('/api/v1/auth/request-otp', { email: fan.email })
    expect(ask.json()).toEqual({ channel: 'email' })
    const byEmail = await post('/api/v1/auth/verify-otp', {
      email: fan.email,
      code: await latestCode(t.db.db, fan.email),
    })
    expect(byEmail.statusCode, byEmail.body).toBe(200)
    expect(cookieFrom(byEmail)).toMatch(/^user_session=/)

    const sms = await post('/api/v1/auth/request-otp', { phonePrefix: '+57', phone: fan.phone })
    expect(sms.statusCode, sms.body).toBe(200)
    expect(sms.json()).toEqual({ channel: 'sms' })
    const e164 = `+57${fan.phone}`
    const text = await t.db.db
      .selectFrom('outbox_messages')
      .select(['channel', 'text_body'])
      .where('recipient', '=', e164)
      .executeTakeFirstOrThrow()
    expect(text.channel).toBe('sms')
    const byPhone = await post('/api/v1/auth/verify-otp', {
      phonePrefix: '+57',
      phone: fan.phone,
      code: await latestCode(t.db.db, e164),
    })
    expect(byPhone.statusCode, byPhone.body).toBe(200)
  })

  it('says whether an OTP login is possible: AUTH0003 unknown, AUTH0013 pre-registered', async () => {
    expect((await post('/api/v1/auth/request-otp', { email: 'nobody@example.co' })).json().code).toBe(
      'AUTH0003',
    )
    const operator = await loginAs(t.app, 'operador@palco.co')
    const pre = await post(
      '/api/v1/fans',
      { firstName: 'Pedro', lastName: 'Pre', email: 'pedro.pre@example.co' },
      operator,
    )
    expect(pre.statusCode, pre.body).toBe(201)
    expect((await post('/api/v1/auth/request-otp', { email: 'pedro.pre@example.co' })).json().code).toBe(
      'AUTH0013',
    )
  })

  it('counts wrong codes: mismatch, then too many tries; an old code has expired', async () => {
    const { fan } = await registered()
    await post('/api/v1/auth/request-otp', { email: fan.email })
    const code = await latestCode(t.db.db, fan.email)
    const wrong = code === '000000' ? '111111' : '000000'
    const answers: string[] = []
    for (let i = 0; i < 6; i++)
      answers.push((await post('/api/v1/auth/verify-otp', { email: fan.email, code: wrong })).json().code)
    expect(answers[0]).toBe('CodeMismatchException')
    expect(answers).toContain('TooManyFailedAttemptsException')
    // Even the right code is dead after too many tries.
    expect(
      (await post('/api/v1/auth/verify-otp', { email: fan.email, code })).statusCode,
    ).toBeGreaterThanOrEqual(400)

    const other = await registered()
    await post('/api/v1/auth/request-otp', { email: other.fan.email })
    const fresh = await latestCode(t.db.db, other.fan.email)
    await t.db.db
      .updateTable('auth_verifications')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute()
    const expired = await post('/api/v1/auth/verify-otp', { email: other.fan.email, code: fresh })
    expect(expired.json().code).toBe('CodeExpiredException')
  })

  it('throttles code resends with LimitExceededException', async () => {
    const fan = newFan(next())
    await post('/api/v1/auth/sign-up', fan)
    const resend = await post('/api/auth/otp/resend', { email: fan.email })
    expect(resend.statusCode).toBe(429)
    expect(resend.json().code).toBe('LimitExceededException')
  })

  it('refuses a malformed OTP with a field error', async () => {
    const res = await post('/api/v1/auth/verify-otp', { email: 'a@b.co', code: '12345' })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields.code).toBe('invalidOtp')
  })

  it('resets a forgotten password with the emailed code', async () => {
    const { fan } = await registered()
    expect((await post('/api/auth/forgot', { email: 'nobody@example.co' })).json()).toEqual({ sent: true })
    expect((await post('/api/auth/forgot', { email: fan.email })).json()).toEqual({ sent: true })
    const code = await latestCode(t.db.db, fan.email)
    const weak = await post('/api/auth/forgot-submit', { email: fan.email, code, password: 'short' })
    expect(weak.json().fields.password).toBe('invalidPassword')
    const done = await post('/api/auth/forgot-submit', { email: fan.email, code, password: 'Nueva#Clave1' })
    expect(done.statusCode, done.body).toBe(200)
    expect((await post('/api/auth/login', { email: fan.email, password: GOOD_PASSWORD })).statusCode).toBe(
      401,
    )
    expect((await post('/api/auth/login', { email: fan.email, password: 'Nueva#Clave1' })).statusCode).toBe(
      200,
    )
  })

  it('refuses a reset to the same password only after the code, and keeps the code for another one', async () => {
    const { fan } = await registered()
    await post('/api/auth/forgot', { email: fan.email })
    const code = await latestCode(t.db.db, fan.email)
    // Without the right code, nothing is said about the password (no way to test guesses through here).
    const wrongCode = code === '000000' ? '111111' : '000000'
    const guess = await post('/api/auth/forgot-submit', {
      email: fan.email,
      code: wrongCode,
      password: GOOD_PASSWORD,
    })
    expect(guess.json().code).toBe('CodeMismatchException')
    const same = await post('/api/auth/forgot-submit', { email: fan.email, code, password: GOOD_PASSWORD })
    expect(same.statusCode, same.body).toBe(422)
    expect(same.json()).toMatchObject({
      code: 'PASSWORD_UNCHANGED',
      fields: { password: 'PASSWORD_UNCHANGED' },
    })
    const done = await post('/api/auth/forgot-submit', { email: fan.email, code, password: 'Otra#Clave2026' })
    expect(done.statusCode, done.body).toBe(200)
    expect((await post('/api/auth/login', { email: fan.email, password: 'Otra#Clave2026' })).statusCode).toBe(
      200,
    )
  })

  it('changes the password: a wrong current one and an unchanged one are refused on their own fields', async () => {
    const { fan, cookie } = await registered()
    const wrong = await post(
      '/api/fan/password',
      { currentPassword: 'Wrong#2026', newPassword: 'Otra#Clave2026' },
      cookie,
    )
    expect(wrong.statusCode, wrong.body).toBe(422)
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_CURRENT_PASSWORD',
      fields: { currentPassword: 'WRONG_CURRENT_PASSWORD' },
    })
    // A wrong current password says only that, even when the new one is the real password.
    const probe = await post(
      '/api/fan/password',
      { currentPassword: 'Wrong#2026', newPassword: GOOD_PASSWORD },
      cookie,
    )
    expect(probe.json().code).toBe('WRONG_CURRENT_PASSWORD')
    const same = await post(
      '/api/fan/password',
      { currentPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD },
      cookie,
    )
    expect(same.statusCode, same.body).toBe(422)
    expect(same.json()).toMatchObject({
      code: 'PASSWORD_UNCHANGED',
      fields: { newPassword: 'PASSWORD_UNCHANGED' },
    })
    // Neither refusal changed anything; a real change goes through.
    expect((await post('/api/auth/login', { email: fan.email, password: GOOD_PASSWORD })).statusCode).toBe(
      200,
    )
    const changed = await post(
      '/api/fan/password',
      { currentPassword: GOOD_PASSWORD, newPassword: 'Otra#Clave2026' },
      cookie,
    )
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await post('/api/auth/login', { email: fan.email, password: 'Otra#Clave2026' })).statusCode).toBe(
      200,
    )
  })

  it('edits the profile, changes the phone with a code, and logs out', async () => {
    const { fan, cookie } = await registered()
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/fan',
      headers: { cookie },
      payload: { firstName: 'Laura María', lastName: 'Gómez', gender: 'OTHER', birthDate: '1990-01-31' },
    })
    expect(edit.statusCode, edit.body).toBe(200)
    expect(edit.json()).toMatchObject({ firstName: 'Laura María', gender: 'OTHER', birthDate: '1990-01-31' })

    const newPhone = `350${String(next()).padStart(7, '0')}`
    const send = await post(
      '/api/v1/auth/update-phone-number',
      { phonePrefix: '+57', phone: newPhone },
      cookie,
    )
    expect(send.json()).toEqual({ status: 'CODE_SENT' })
    const code = await latestCode(t.db.db, `+57${newPhone}`)
    const change = await post(
      '/api/v1/auth/update-phone-number',
      { phonePrefix: '+57', phone: newPhone, code },
      cookie,
    )
    expect(change.json()).toEqual({ status: 'CHANGED' })
    expect((await t.app.inject({ url: '/api/fan', headers: { cookie } })).json().phone).toBe(newPhone)
    const taken = await post(
      '/api/v1/auth/update-phone-number',
      { phonePrefix: '+57', phone: '3001234567' },
      cookie,
    )
    expect(taken.json().code).toBe('RepeatedPhoneNumber')

    const out = await post('/api/auth/logout', {}, cookie)
    expect(out.statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/fan', headers: { cookie } })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/auth/current-session', headers: { cookie } })).json()).toEqual({
      session: null,
    })
    void fan
  })

  it('deletes an account: credentials gone, fan row kept without personal data', async () => {
    const { fan, cookie } = await registered()
    const wrong = await post('/api/auth/delete-user', { password: 'Nope#1234' }, cookie)
    expect(wrong.json().code).toBe('NotAuthorizedException')
    const del = await post('/api/auth/delete-user', { password: GOOD_PASSWORD }, cookie)
    expect(del.statusCode, del.body).toBe(200)
    expect((await post('/api/auth/login', { email: fan.email, password: GOOD_PASSWORD })).statusCode).toBe(
      401,
    )
    const rows = await t.db.db.selectFrom('fans').selectAll().where('deleted_at', 'is not', null).execute()
    const gone = rows.find((r) => r.document_number === null && r.email === null)
    expect(gone).toBeDefined()
    expect(JSON.stringify(rows)).not.toContain(fan.email)
    // The same person may register again later.
    expect((await post('/api/fan/email-validation', { email: fan.email })).json()).toEqual({ exists: false })
  })

  it('lets every staff role in at the operators door and keeps fans out', async () => {
    const fanTry = await post('/api/auth/login', {
      email: 'fan@palco.co',
      password: DEMO_PASSWORD,
      operator: true,
    })
    expect(fanTry.json().code).toBe('InvalidAccountTypeException')
    expect(cookieFrom(fanTry)).toBe('')
    const op = await post('/api/auth/login', {
      email: 'operador@palco.co',
      password: DEMO_PASSWORD,
      operator: true,
    })
    expect(op.statusCode, op.body).toBe(200)
    expect(op.json().session.roles).toContain('operator')
    // The staff's door is every staff role's: the layout editor and the admin too.
    for (const [email, role] of [
      ['planos@palco.co', 'layout_editor'],
      ['admin@palco.co', 'admin'],
    ]) {
      const staff = await post('/api/auth/login', { email, password: DEMO_PASSWORD, operator: true })
      expect(staff.statusCode, staff.body).toBe(200)
      expect(staff.json().session.roles).toContain(role)
      expect(cookieFrom(staff)).not.toBe('')
    }
  })

  it('pre-registers at the box office (operators only) and the fan completes sign-up later', async () => {
    const fanCookie = await loginAs(t.app, 'fan@palco.co')
    const email = `pre${next()}@example.co`
    const asFan = await post('/api/v1/fans', { firstName: 'Pre', lastName: 'Fan', email }, fanCookie)
    expect(asFan.statusCode).toBe(403)
    expect((await post('/api/v1/fans', { firstName: 'Pre', lastName: 'Fan', email })).statusCode).toBe(401)
    const operator = await loginAs(t.app, 'operador@palco.co')
    const pre = await post('/api/v1/fans', { firstName: 'Pre', lastName: 'Fan', email }, operator)
    expect(pre.json()).toMatchObject({ registrationStatus: 'PRE_REGISTERED', email })
    const dup = await post('/api/v1/fans', { firstName: 'Pre', lastName: 'Fan', email }, operator)
    expect(dup.json().code).toBe('UsernameExistsException')

    const { cookie } = await registered({ email })
    const me = await t.app.inject({ url: '/api/fan', headers: { cookie } })
    expect(me.json()).toMatchObject({ registrationStatus: 'REGISTERED', firstName: 'Laura', email })
    // The confirmed email took the pre-registration over: it no longer waits for anyone.
    const preRow = await t.db.db
      .selectFrom('fans')
      .select('deleted_at')
      .where('id', '=', pre.json().id)
      .executeTakeFirstOrThrow()
    expect(preRow.deleted_at).not.toBeNull()
  })

  it('sends codes in English on the Mexican site', async () => {
    const fan = newFan(next(), { phonePrefix: '+52', phone: `55${String(n).padStart(8, '1')}` })
    const res = await post('/api/v1/auth/sign-up', fan, undefined, 'mx.localhost:3000')
    expect(res.statusCode, res.body).toBe(201)
    const mail = await t.db.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', fan.email)
      .executeTakeFirstOrThrow()
    expect(mail.locale).toBe('en-US')
    expect(mail.subject).toBe('Confirm your Palco account')
  })

  it('refuses writes from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'localhost:3000', origin: 'https://evil.example' },
      payload: { email: 'fan@palco.co', password: DEMO_PASSWORD },
    })
    expect(res.statusCode).toBe(403)
  })
})
