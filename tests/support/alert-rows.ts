/** Runs `text` with `$1…$n`, each used once and in order. */
export type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>

export type TestContainer = {
  id: string
  number: string
  shipment_id: string
  customer_id: string | null
  customer_name: string | null
}

/**
 * The rows the evaluator (h30-core) writes when an alert fires, arranged directly with SQL so delivery is
 * tested on its own: a rule, an alert, and its outbox deliveries.
 */
export function alertRows(query: Query) {
  return {
    async busiestAccount() {
      const [row] = await query(
        'select account_id from containers group by account_id order by count(*) desc limit $1',
        [1],
      )
      return String(row.account_id)
    },
    async containers(accountId: string, limit: number) {
      return (await query(
        `select c.id, c.number, c.shipment_id, s.customer_id, p.company_name as customer_name
         from containers c join shipments s on s.id = c.shipment_id left join parties p on p.id = s.customer_id
         where c.account_id = $1 order by s.customer_id nulls last, c.number limit $2`,
        [accountId, limit],
      )) as TestContainer[]
    },
    async rule(accountId: string, name: string, options: { channels?: string[]; chatSealed?: string } = {}) {
      const [row] = await query(
        `insert into alert_rules (account_id, name, condition, scope, channels, chat_webhook_url_sealed)
         values ($1, $2, '{"kind":"container_discharged"}', '{"kind":"all"}', $3::jsonb, $4) returning id`,
        [accountId, name, JSON.stringify(options.channels ?? ['email']), options.chatSealed ?? null],
      )
      return String(row.id)
    },
    async alert(
      accountId: string,
      ruleId: string,
      container: TestContainer,
      words: { title: string; body?: string; detail?: Record<string, unknown>; firedAt: Date },
    ) {
      const [row] = await query(
        `insert into alerts (account_id, rule_id, condition_kind, subject_type, subject_id, container_id, shipment_id,
           party_id, fired_at, title, body, detail)
         values ($1, $2, 'container_discharged', 'container', $3, $4, $5, $6, $7, $8, $9, $10::jsonb) returning id`,
        [
          accountId,
          ruleId,
          container.id,
          container.id,
          container.shipment_id,
          container.customer_id,
          words.firedAt,
          words.title,
          words.body ?? null,
          JSON.stringify(words.detail ?? {}),
        ],
      )
      return String(row.id)
    },
    async delivery(
      accountId: string,
      alertId: string,
      ruleId: string,
      to: { channel?: 'email' | 'chat'; recipient: string; mode?: 'immediate' | 'digest'; dueAt: Date },
    ) {
      await query(
        `insert into alert_deliveries (account_id, alert_id, rule_id, channel, recipient, mode, due_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [accountId, alertId, ruleId, to.channel ?? 'email', to.recipient, to.mode ?? 'immediate', to.dueAt],
      )
    },
    async statuses(ruleId: string) {
      return (await query('select status, recipient from alert_deliveries where rule_id = $1', [ruleId])).map(
        (row) => `${row.recipient}:${row.status}`,
      )
    },
  }
}
