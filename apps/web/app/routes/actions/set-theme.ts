import { data, redirect } from 'react-router'
import { parseTheme, themeCookie } from '../../lib/theme'
import type { Route } from './+types/set-theme'

/** Only same-site relative paths, so the form cannot be used to bounce visitors elsewhere. */
function safeRedirect(value: FormDataEntryValue | null): string {
  const target = typeof value === 'string' ? value : '/'
  return target.startsWith('/') && !target.startsWith('//') ? target : '/'
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const theme = parseTheme(form.get('theme')) ?? 'light'
  const secure = new URL(request.url).protocol === 'https:'
  const headers = { 'set-cookie': themeCookie(theme, secure) }
  // A fetcher (JS) gets data and revalidates; a plain form post (no JS yet) goes back to its page.
  if (request.headers.get('accept')?.includes('text/html')) {
    return redirect(safeRedirect(form.get('redirectTo')), { headers })
  }
  return data({ theme }, { headers })
}

export function loader() {
  return redirect('/')
}
