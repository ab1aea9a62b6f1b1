import type { PublicSiteConfig } from '@palco/domain/web/server-context'

/**
 * Tag manager, analytics and the support chat load only when configured (never in tests), async and
 * after the page content, so they cannot block rendering (spec §1).
 */
export function AnalyticsScripts({ config, nonce }: { config: PublicSiteConfig; nonce: string | undefined }) {
  const { gtmId, gaMeasurementId, supportChatScriptUrl } = config.analytics
  return (
    <>
      {gtmId && (
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the official GTM snippet; gtmId comes from our config
          dangerouslySetInnerHTML={{
            __html: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(i);j.nonce=${JSON.stringify(nonce ?? '')};f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(gtmId)});`,
          }}
        />
      )}
      {gaMeasurementId && (
        <>
          <script
            async
            nonce={nonce}
            src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaMeasurementId)}`}
          />
          <script
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the official gtag bootstrap; id from config
            dangerouslySetInnerHTML={{
              __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${JSON.stringify(gaMeasurementId)});`,
            }}
          />
        </>
      )}
      {supportChatScriptUrl && <script async defer nonce={nonce} src={supportChatScriptUrl} />}
    </>
  )
}
