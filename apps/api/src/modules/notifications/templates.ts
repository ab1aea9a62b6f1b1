import type { Locale } from '@palco/domain/locale/country'

export type CodePurpose = 'sign-in' | 'email-verification' | 'forget-password' | 'phone'

interface Rendered {
  subject: string
  text: string
  html: string
}

const COPY: Record<Locale, Record<CodePurpose, { subject: string; lead: string }>> = {
  'es-CO': {
    'sign-in': {
      subject: 'Su código para ingresar a Palco',
      lead: 'Use este código para ingresar a su cuenta:',
    },
    'email-verification': {
      subject: 'Confirme su cuenta de Palco',
      lead: 'Gracias por registrarse. Use este código para confirmar su cuenta:',
    },
    'forget-password': {
      subject: 'Restablezca su contraseña de Palco',
      lead: 'Use este código para crear una nueva contraseña:',
    },
    phone: { subject: 'Código de Palco', lead: 'Su código de Palco es' },
  },
  'en-US': {
    'sign-in': { subject: 'Your Palco login code', lead: 'Use this code to log in to your account:' },
    'email-verification': {
      subject: 'Confirm your Palco account',
      lead: 'Thanks for signing up. Use this code to confirm your account:',
    },
    'forget-password': { subject: 'Reset your Palco password', lead: 'Use this code to set a new password:' },
    phone: { subject: 'Palco code', lead: 'Your Palco code is' },
  },
}

const FOOTER: Record<Locale, { expiry: string; ignore: string }> = {
  'es-CO': {
    expiry: 'El código vence en 10 minutos.',
    ignore: 'Si usted no lo pidió, ignore este mensaje: nadie puede entrar a su cuenta sin el código.',
  },
  'en-US': {
    expiry: 'The code expires in 10 minutes.',
    ignore:
      "If you didn't ask for it, ignore this message: nobody can get into your account without the code.",
  },
}

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** A real HTML + text email in the fan's language (issue 3, part 4). */
export function codeEmail(locale: Locale, purpose: Exclude<CodePurpose, 'phone'>, code: string): Rendered {
  const copy = COPY[locale][purpose]
  const footer = FOOTER[locale]
  const text = `${copy.lead}\n\n${code}\n\n${footer.expiry}\n${footer.ignore}\n\nPalco`
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(copy.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<tr><td style="font-size:24px;font-weight:800;color:#862e9c">Palco</td></tr>
<tr><td style="padding-top:16px;font-size:16px;line-height:1.5">${escapeHtml(copy.lead)}</td></tr>
<tr><td style="padding:24px 0;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,monospace">${escapeHtml(code)}</td></tr>
<tr><td style="font-size:14px;line-height:1.5;color:#555">${escapeHtml(footer.expiry)}<br>${escapeHtml(footer.ignore)}</td></tr>
</table></body></html>`
  return { subject: copy.subject, text, html }
}

/** SMS bodies stay short and start with the code, so phones can offer to fill it in. */
export function codeSms(locale: Locale, code: string): string {
  const copy = COPY[locale].phone
  return `${copy.lead} ${code}. ${FOOTER[locale].expiry}`
}
