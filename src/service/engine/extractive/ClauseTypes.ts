/**
 * Kinds of contract clause that reviewers ask about by name ("Is there a non-compete?", "Audit rights?", "Can a
 * party terminate without cause? Answer yes or no."). A question names a kind by its own words (`asks`); whether a
 * document has that clause is decided from the document's sentences, not from the question's wording, so every
 * phrasing of the question gets the same answer. Patterns are general drafting language, not any one contract's.
 */
export interface ClauseType {
  readonly name: string
  /** Whether a question (its instructions removed) asks about this kind of clause. */
  readonly asks: RegExp
  /** A sentence that has the clause: every pattern must match (after `ignore` is blanked out). */
  readonly evidence: ReadonlyArray<RegExp>
  /** Phrases that look like evidence but are not ("exclusive remedy" for exclusivity), blanked before testing. */
  readonly ignore?: RegExp
  /** A sentence matching this is not evidence however it matches ("terminate … if the other party breaches"). */
  readonly unless?: RegExp
  /** A sentence that says the clause does not apply ("There are no third-party beneficiaries"): the answer is no. */
  readonly negated?: RegExp
}

const lic = "licen[cs]\\w*"

/** In order: the first type a question names is the one asked (specific kinds before the general ones). */
export const clauseTypes: ReadonlyArray<ClauseType> = [
  {
    name: "most favoured nation",
    asks: /\bmost[-\s]favou?red\b|\bmfn\b|\bno\s+(?:worse|less\s+favou?rable)\b|\bat\s+least\s+as\s+(?:good|favou?rable)\b|\b(?:better|best|lowest)\s+(?:prices?|terms|pricing)\b/i,
    evidence: [
      /\bmost[-\s]favou?red\b|\b(?:no\s+less|not\s+less|at\s+least\s+as)\s+favou?rable\b[^.;]{0,120}\b(?:any\s+other|other|third)\b|\b(?:lowest|best|most\s+favou?rable)\s+(?:prices?|pricing|terms|rates?)\b[^.;]{0,100}\b(?:offered|given|charged|granted|provided)\b[^.;]{0,40}\b(?:any\s+)?(?:other|third)\b|\bno\s+(?:higher|greater)\s+than\s+(?:the\s+)?(?:prices?|rates?)\s+(?:\w+\s+){0,4}(?:any\s+)?(?:other|third)/i
    ]
  },
  {
    name: "competitive restriction exception",
    asks: /\b(?:exceptions?|carve[-\s]?outs?|exempt\w*|excluded)\b[^?]{0,80}\b(?:non-?compet\w*|compet\w*|exclusiv\w*|solicit\w*)/i,
    evidence: [
      /(?:(?:shall|will)\s+not\s+(?:apply\s+to|preclude|prevent|prohibit|restrict)|nothing\s+(?:in|contained\s+in)\s+this\s+(?:\w+\s+){0,3}shall\s+(?:\w+\s+){0,3}(?:prevent|preclude|prohibit|restrict|limit)|shall\s+not\s+(?:be\s+deemed\s+to\s+)?include|(?:does|do)\s+not\s+include)/i,
      /\b(?:non-?compet\w*|compet(?:e|ing|itive|itor|itors|ition)|exclusiv\w*|non-?solicit\w*)\b/i
    ],
    ignore:
      /\bnon-?exclusive\w*|\bexclusive\s+(?:remedy|remedies|jurisdiction|venue|forum|of)\b|\bexclusively\s+(?:set\s+forth|provided|stated|in|by)\b/gi
  },
  {
    name: "non-compete",
    asks: /\bnon-?compet\w*|\bcompet(?:e|ing|ition)\b|\brestrictive\s+covenants?\b/i,
    evidence: [
      /\bnon-?compet\w*|\bcovenant\s+not\s+to\s+compete\b|\b(?:not|refrain\s+from)\b[^.;]{0,120}\b(?:compete|competing|competitive\s+(?:business|products?|services?)|engage\s+in\s+(?:\w+\s+){0,4}(?:business|activit\w*)\s+(?:\w+\s+){0,3}(?:competi|similar|same))/i
    ]
  },
  {
    name: "exclusivity",
    asks: /\bexclusiv\w*|\bsole\s+(?:supplier|distributor|provider|source)\b/i,
    evidence: [
      /\bexclusive(?:ly)?\b[^.;]{0,80}\b(?:right|rights|distributor|distribution|supplier|provider|licen[cs]\w*|basis|agent|partner|reseller|territory|dealer|arrangement|marketing|sponsor)\b|\b(?:right|rights|distributor|supplier|provider|licen[cs]\w*|agent|partner|reseller|dealer|sponsor)\b[^.;]{0,40}\bexclusive(?:ly)?\b|\ball\s+(?:of\s+)?(?:its|their)\s+(?:\w+\s+){0,2}requirements\b|\bsole\s+(?:and\s+exclusive\s+)?(?:supplier|distributor|provider|source)\b|\b(?:shall|will|may)\s+not\s+(?:\w+\s+){0,3}(?:sell|supply|license|distribute|provide|offer|purchase|buy)\b[^.;]{0,150}\b(?:to|from|with)\s+any\s+(?:other|third)\b/i
    ],
    ignore:
      /\bnon-?exclusive\w*|\b(?:sole\s+and\s+)?exclusive\s+(?:remedy|remedies|jurisdiction|venue|forum|property|owner\w*|responsibility|liability|benefit|control|discretion|use\s+of\s+the\s+parties)\b|\bexclusive\s+of\b|\bexclusively\s+(?:by|in)\s+the\s+(?:laws?|courts?)\b/gi
  },
  {
    name: "non-solicitation of customers",
    asks: /\b(?:solicit\w*|approach\w*|poach\w*|divert\w*|interfer\w*)\b[^?]{0,50}\b(?:customers?|clients?|accounts?)\b|\b(?:customers?|clients?)\b[^?]{0,30}\bsolicit\w*/i,
    evidence: [
      /\b(?:solicit\w*|divert\w*|entice\w*|induce\w*|interfere\w*)\b[^.;]{0,150}\b(?:customers?|clients?|accounts?)\b|\b(?:customers?|clients?)\b[^.;]{0,80}\bsolicit\w*/i,
      /\b(?:not|no|refrain|non-?solicit\w*)\b/i
    ]
  },
  {
    name: "non-solicitation of employees",
    asks: /\bno-?poach\w*|\bno-?hire\b|\bnon-?solicit\w*|\b(?:solicit\w*|hir(?:e|ing)|recruit\w*|poach\w*)\b[^?]{0,50}\b(?:employees?|staff|personnel|workers|people|team|contractors)\b/i,
    evidence: [
      /\b(?:solicit\w*|recruit\w*|hire|hiring|employ|induce\w*|entice\w*)\b[^.;]{0,150}\b(?:employees?|personnel|staff|consultants?|contractors?|workers|officers)\b|\bnon-?solicit\w*/i,
      /\b(?:not|no|refrain|non-?solicit\w*)\b/i
    ],
    ignore: /\bworks?\s+made\s+for\s+hire\b|\bfor\s+hire\b/gi
  },
  {
    name: "non-disparagement",
    asks: /\bdisparag\w*|\b(?:negative|derogatory|critical|defamatory)\s+(?:statements?|comments?|remarks?)|\bspeak\s+(?:ill|negatively)\b/i,
    evidence: [
      /\bdisparag\w*|\bderogatory\b|\bdefam\w*|\b(?:negative|critical|unfavou?rable|adverse)\s+(?:public\s+)?(?:statements?|comments?|remarks?)/i
    ]
  },
  {
    name: "termination for convenience",
    asks: /\bconvenience\b|\bterminat\w*[^?]{0,60}\b(?:without\s+(?:cause|reason)|at\s+will|for\s+any\s+reason|at\s+any\s+time)|\b(?:end|cancel|exit|walk\s+away)\w*\b[^?]{0,60}\b(?:at\s+will|without\s+cause|any\s+time|(?:just|simply|merely|only)\s+(?:by\s+)?giving\s+notice)/i,
    evidence: [
      /\bterminat\w*[^.;]{0,160}\b(?:for\s+(?:its\s+)?convenience|without\s+cause|for\s+(?:any|no)\s+reason(?:\s+or\s+no\s+reason)?|non-?cause|with\s+or\s+without\s+cause|at\s+(?:its\s+)?(?:sole\s+)?discretion|at\s+any\s+time\b[^.;]{0,80}\b(?:notice|upon))|\b(?:for\s+(?:its\s+)?convenience|without\s+cause|at\s+any\s+time|at\s+(?:its|their)\s+(?:sole\s+)?discretion)\b[^.;]{0,80}\bterminat\w*/i,
      /\bmay\s+(?:\w+\s+){0,5}terminat\w*|\b(?:right|entitled|option|elect)\s+to\s+terminat\w*|\bmay\s+be\s+terminated\b|\bterminable\b|\bcan\s+(?:\w+\s+){0,3}terminat\w*/i
    ],
    unless:
      /\b(?:breach\w*|default\w*|insolven\w*|bankrupt\w*|fails?\s+to|failure)\b(?![^.;]{0,80}\b(?:convenience|without\s+cause|any\s+reason)\b)|\b(?:may|shall|will|can|does|do)\s+not\s+(?:\w+\s+){0,2}terminat\w*|\bno\s+right\s+to\s+terminat\w*/i,
    negated:
      /\b(?:may|shall|will|can|does|do)\s+not\s+(?:\w+\s+){0,2}terminat\w*[^.;]{0,100}\b(?:convenience|without\s+cause|any\s+reason)|\bno\s+right\s+to\s+terminat\w*[^.;]{0,100}\b(?:convenience|without\s+cause)/i
  },
  {
    name: "right of first refusal",
    asks: /\bright\s+of\s+first\s+(?:refusal|offer|negotiation)|\brof[rno]\b|\bfirst\s+(?:right|option|refusal|offer)\b/i,
    evidence: [
      /\bright\s+of\s+first\s+(?:\w+\s+){0,2}(?:refusal|offer|negotiation)|\bfirst\s+right\s+(?:of|to)\s+(?:\w+\s+){0,2}(?:refusal|negotiat\w*|offer|purchase|buy|acquire)|\bfirst\s+(?:option|opportunity)\s+to\s+(?:purchase|buy|acquire|negotiate|license|distribute|match)|\bright\s+to\s+match\b/i
    ]
  },
  {
    name: "change of control",
    asks: /\bchange\s+(?:of|in)\s+(?:control|ownership)|\bmerger\b|\bacqui(?:red|sition|res)\b|\btakeover\b|\btaken\s+over\b/i,
    evidence: [
      /\bchange\s+(?:of|in)\s+(?:control|ownership)|\b(?:merger|consolidation|reorgani[sz]ation|sale\s+of\s+(?:all\s+or\s+)?substantially\s+all)\b[^.;]{0,200}\b(?:consent|terminat\w*|approv\w*|notice|notify|assum\w*)|\b(?:consent|terminat\w*|approv\w*)\b[^.;]{0,200}\b(?:merger|consolidation|sale\s+of\s+(?:all\s+or\s+)?substantially\s+all|by\s+operation\s+of\s+law)\b/i
    ]
  },
  {
    name: "joint IP ownership",
    asks: /\bjoint\w*\b[^?]{0,40}\b(?:own\w*|ip|intellectual|inventions?)|\bco-?own\w*|\bshared?\s+ownership\b|\bowned\s+jointly\b/i,
    evidence: [
      /\bjointly\s+(?:\w+\s+){0,2}own\w*|\bjoint(?:ly)?\s+(?:owned|ownership|property)|\bco-?own\w*|\bowned\s+(?:\w+\s+){0,3}jointly|\bshared\s+ownership|\bundivided\s+(?:\w+\s+)?interest/i
    ]
  },
  {
    name: "IP ownership assignment",
    asks: /\b(?:intellectual\s+property|ip|inventions?|work\s+product|deliverables?|developments?|copyrights?|patents?|works?)\b[^?]{0,80}\b(?:assign\w*|own\w*|property\s+of|belong\w*|transfer\w*|vest\w*)|\b(?:assign\w*|own\w*|belong\w*|vest\w*)\b[^?]{0,60}\b(?:intellectual\s+property|ip|inventions?|work\s+product|deliverables?)\b|\bwork\s+(?:made\s+)?for\s+hire\b/i,
    evidence: [
      /\bhereby\s+(?:irrevocably\s+)?(?:assigns?|transfers?|conveys?)\b|\b(?:shall|will)\s+(?:be\s+(?:and\s+remain\s+)?|become\s+)(?:the\s+)?(?:sole\s+(?:and\s+exclusive\s+)?|exclusive\s+)?property\s+of|\bworks?\s+(?:made\s+)?for\s+hire\b|\b(?:shall|will|agrees?\s+to|undertakes?\s+to)\s+(?:assign|transfer)\s+(?:\w+\s+){0,4}(?:right|rights|title|interest|ownership|share)|\bshall\s+(?:vest|belong)\s+(?:\w+\s+){0,2}in\b|\bshall\s+be\s+owned\s+(?:\w+\s+){0,2}by\b/i,
      /\b(?:intellectual\s+property|inventions?|work\s+product|deliverables?|developments?|improvements?|copyrights?|patents?|trade\s*marks?|domains?|know-how|results|works\s+of\s+authorship|urls?)\b/i
    ]
  },
  {
    name: "anti-assignment",
    asks: /\bassign\w*|\btransfer\w*\s+(?:this|the|its)\s+(?:\w+\s+)?(?:agreement|contract|rights)|\bdelegat\w*/i,
    evidence: [
      /\b(?:not|no|neither)\b[^.;]{0,120}\b(?:assign\w*|transfer\w*|delegat\w*)\b|\b(?:assign\w*|transfer\w*|delegat\w*)\b[^.;]{0,200}\b(?:without\s+(?:the\s+)?(?:prior\s+)?(?:express\s+)?(?:written\s+)?(?:consent|approval|permission)|(?:consent|approval)\s+of|null\s+and\s+void|notice\s+to\s+the\s+other)/i,
      /\bassign\w*/i
    ]
  },
  {
    name: "revenue or profit sharing",
    asks: /\b(?:revenues?|profits?|royalt\w*|commissions?|income|proceeds|earnings)\b[^?]{0,40}\bshar\w*|\bshar\w*\b[^?]{0,40}\b(?:revenues?|profits?|royalt\w*|income|proceeds|earnings)|\broyalt\w*|\bcommissions?\b/i,
    evidence: [
      /\b(?:royalt(?:y|ies)|commissions?|revenue\s+share|profit\s+share)\b[^.;]{0,150}(?:%|percent|\bof\s+(?:the\s+|all\s+|its\s+)?(?:net|gross|total)|revenues?|sales|receipts)|(?:\d+(?:\.\d+)?\s*%|\*+\s*%|percent(?:age)?)\s+(?:\w+\s+){0,5}(?:of\s+(?:the\s+|all\s+|its\s+)?)?(?:net\s+|gross\s+|total\s+)?(?:\w+\s+){0,2}(?:revenues?|sales|profits?|receipts|income|proceeds|turnover)|\b(?:revenues?|profits?|proceeds|economic\s+rights)\b[^.;]{0,80}\b(?:shared|split|divided|distributed)\b|\bshare\s+(?:\w+\s+){0,3}(?:revenues?|profits?|proceeds)/i
    ]
  },
  {
    name: "volume restriction",
    asks: /\b(?:volume|usage|use|quantit\w*)\b[^?]{0,50}\b(?:restrict\w*|limit\w*|threshold|cap|caps|exceed\w*)|\b(?:limit\w*|restrict\w*|caps?|threshold)\b[^?]{0,30}\b(?:usage|use|volume|quantit\w*)\b|\b(?:exceed\w*|above|over)\b[^?]{0,40}\b(?:threshold|usage|volume|limit|quota|forecast)/i,
    evidence: [
      /\bup\s+to\s+(?:a\s+maximum\s+of\s+)?(?:[\w-]+\s+)?\(?\d[\d,]*\)?\s+(?:\w+\s+){0,2}(?:users?|servers?|copies|seats?|installations?|devices?|sites?|locations?|weeks?)|\b(?:exceed\w*|in\s+excess\s+of)\s+(?:\w+\s+){0,5}(?:forecast|threshold|allotment|quota|capacity|maximum)|\bmaximum\s+(?:number|quantity|volume)\s+of|\bpermissible\s+(?:\+\/-|deviation)/i
    ]
  },
  {
    name: "price restrictions",
    asks: /\b(?:prices?|pricing|rates?|fees?)\b[^?]{0,50}\b(?:restrict\w*|limit\w*|increase\w*|decrease\w*|rais\w*|lower\w*|reduc\w*|chang\w*|adjust\w*|fixed|caps?|capped)\b|\b(?:restrict\w*|limit\w*|rais\w*|lower\w*|cap)\b[^?]{0,50}\b(?:prices?|pricing)\b/i,
    evidence: [
      /\b(?:prices?|pricing|rates?|fees?)\b[^.;]{0,100}\b(?:shall\s+not\s+(?:be\s+)?(?:increased?|exceed|changed?|raised?)|not\s+to\s+exceed|(?:fixed|firm)\s+(?:for|during|until|through)|may\s+not\s+(?:be\s+)?(?:increased?|raised?|changed?)|no\s+(?:price\s+)?increases?)|\b(?:increase|adjustment|adjust)\w*\s+(?:\w+\s+){0,6}(?:prices?|pricing|fees?|rates?)\b[^.;]{0,80}\b(?:not\s+(?:to\s+)?exceed|no\s+more\s+than|limited\s+to|more\s+than\s+once)|\badjustments?\b[^.;]{0,60}\bnot\s+to\s+exceed\b/i
    ]
  },
  {
    name: "minimum commitment",
    asks: /\bminimum\b|\btake[-\s]or[-\s]pay\b/i,
    evidence: [
      /\bminimum\s+(?:annual\s+|monthly\s+|quarterly\s+|yearly\s+)?(?:purchase|order|quantit\w*|volume|commitment|amount|number|units?|sales|revenue|royalt\w*|fees?|payments?|spend|requirements?)|\btake[-\s]or[-\s]pay\b|\b(?:shall|will|agrees?\s+to)\s+(?:purchase|order|buy|sell)\s+(?:a\s+)?(?:no\s+less|not\s+less|at\s+least)|\b(?:purchase|order|buy|sell|commits?\s+to\s+\w+)\s+(?:\w+\s+){0,2}minimum\s+of\b|\bminimum\s+of\s+(?:\$|\d|[\w-]+\s+\(\d)[^.;]{0,40}\b(?:units?|products?|orders?|shares?|purchases?|tons?|barrels?|pieces|cases|per\s+(?:year|month|quarter|week))\b/i
    ]
  },
  {
    name: "affiliate licence (licensor)",
    asks: /\baffiliat\w*\b[^?]{0,60}\blicensor|\blicensor'?s?\s+affiliat\w*/i,
    evidence: [
      /\b(?:licensor|grantor)\s+(?:and|or)\s+(?:its|their)\s+affiliates\b[^.;]{0,80}\b(?:grant|licen[cs]\w*)|\b(?:owned|controlled|licensable)\s+by\s+(?:the\s+)?(?:licensor|grantor)\s+(?:and|or)\s+(?:any\s+of\s+)?its\s+affiliates\b/i
    ]
  },
  {
    name: "affiliate licence (licensee)",
    asks: /\baffiliat\w*\b[^?]{0,60}\blicen[cs]\w*|\blicensee'?s?\s+affiliat\w*|\blicen[cs]\w*\s+to\s+(?:\w+\s+){0,3}affiliat\w*/i,
    evidence: [
      new RegExp(
        `\\b${lic}\\b[^.;]{0,150}\\bto\\s+(?:\\w+\\s+){0,3}(?:and|or)\\s+(?:its|their)\\s+affiliates\\b|\\b(?:and|or)\\s+(?:its|their)\\s+affiliates\\b[^.;]{0,60}\\b(?:may\\s+use|right\\s+to\\s+use|sublicen[cs]\\w*|${lic})`,
        "i"
      )
    ]
  },
  {
    name: "unlimited licence",
    asks: /\bunlimited\b[^?]{0,40}\b(?:licen[cs]\w*|usage|use|access|users?)\b|\ball[-\s]you[-\s]can[-\s]eat\b|\benterprise[-\s](?:wide|licen[cs]e)|\bsite\s+licen[cs]e/i,
    evidence: [
      /\bunlimited\s+(?:\w+\s+){0,2}(?:use|usage|access|number|copies|licen[cs]\w*|users?|seats?)|\ball[-\s]you[-\s]can[-\s]eat\b|\benterprise[-\s](?:wide\s+)?licen[cs]e|\bsite\s+licen[cs]e/i
    ]
  },
  {
    name: "irrevocable or perpetual licence",
    asks: /\birrevocabl\w*|\bperpetual\w*|\bnever\s+expir\w*|\b(?:cannot|can't|not)\s+be\s+revoked\b/i,
    evidence: [
      new RegExp(
        `\\b(?:irrevocabl\\w*|perpetual\\w*)\\b[^.;]{0,120}\\b${lic}|\\b${lic}\\b[^.;]{0,120}\\b(?:irrevocabl\\w*|perpetual\\w*)`,
        "i"
      )
    ]
  },
  {
    name: "non-transferable licence",
    asks: /\bnon-?transferr?able\b|\blicen[cs]\w*\b[^?]{0,60}\btransfer\w*|\btransfer\w*\b[^?]{0,40}\blicen[cs]\w*/i,
    evidence: [
      new RegExp(
        `\\bnon-?transferr?able\\b|\\bnot\\s+(?:be\\s+)?transferr?able\\b|\\bnon-?assignable\\b|\\bnon-?sublicens\\w*|\\b${lic}\\b[^.;]{0,150}\\b(?:may\\s+not|shall\\s+not|cannot|will\\s+not)\\s+(?:be\\s+)?(?:\\w+\\s+){0,2}(?:assign\\w*|transferr?\\w*|sublicens\\w*)`,
        "i"
      )
    ]
  },
  {
    name: "licence grant",
    asks: /\blicen[cs]\w*/i,
    evidence: [
      new RegExp(
        `\\bgrants?\\b[^.;]{0,120}\\b(?:${lic}|sublicen[cs]\\w*|right\\s+to\\s+use)\\b|\\b${lic}\\s+(?:is\\s+|are\\s+)?(?:hereby\\s+)?granted\\b|\\bis\\s+(?:hereby\\s+)?licensed\\b|\\bhereby\\s+licen[cs]es\\b`,
        "i"
      )
    ],
    unless:
      /\bnothing\s+(?:in|contained|herein)\b[^.;]{0,100}\bgrant\w*|\b(?:not|no)\s+(?:\w+\s+){0,4}(?:licen[cs]e|right)s?\s+(?:\w+\s+){0,3}(?:is|are|shall\s+be)\s+(?:hereby\s+)?granted/i,
    negated: new RegExp(
      `\\bno\\s+(?:other\\s+)?(?:\\w+\\s+){0,2}${lic}\\s+(?:\\w+\\s+){0,3}(?:is|are|shall\\s+be)\\s+granted\\b`,
      "i"
    )
  },
  {
    name: "source code escrow",
    asks: /\bescrow\w*|\bsource\s+code\b/i,
    evidence: [/\bsource\s+code\b[^.;]{0,150}\bescrow\w*|\bescrow\w*\b[^.;]{0,150}\bsource\s+code\b/i]
  },
  {
    name: "post-termination obligations",
    asks: /\b(?:after|following|upon|post)[-\s](?:the\s+)?(?:\w+\s+){0,3}(?:terminat\w*|expir\w*|ends?)\b|\bpost-?termination\b|\btransition\s+(?:services|assistance)|\bwind[-\s]down\b|\bsurviv\w*/i,
    evidence: [
      /\b(?:upon|after|following|on|prior\s+to)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:termination|expiration|expiry)\b[^.;]{0,200}\b(?:shall|will|must|agrees?\s+to)\s+(?:\w+\s+){0,3}(?:pay|return|deliver|destroy|continue|provide|cease|remit|transfer|assist|cooperate|perform|purchase|buy|refund|reimburse|complete|remove|discontinue|be\s+responsible|be\s+paid|sell)\b|\btransition(?:al)?\s+(?:services|assistance|period)|\bwind[-\s]down\b|\b(?:for\s+a\s+period\s+of|during\s+the)\b[^.;]{0,60}\b(?:following|after)\s+(?:the\s+)?(?:termination|expiration)\b[^.;]{0,150}\b(?:shall|will)\b|\b(?:following|after)\s+(?:the\s+)?(?:expiration|termination)\b[^.;]{0,60}\bexcept\s+as\s+(?:may\s+be\s+)?needed\s+to\s+sell\b|\bremain\s+in(?:to)?\s+(?:full\s+)?(?:force|effect)\b[^.;]{0,60}\b(?:termination|expiration)\b|\b(?:termination|expiration)\b[^.;]{0,80}\bremain\s+in(?:to)?\s+(?:full\s+)?(?:force|effect)\b/i
    ]
  },
  {
    name: "audit rights",
    asks: /\baudit\w*|\binspect\w*\b[^?]{0,50}\b(?:books|records|facilit\w*|premises|accounts)|\b(?:books|records)\b[^?]{0,40}\b(?:inspect\w*|review\w*|examin\w*|access)/i,
    evidence: [
      /\baudit\w*|\b(?:inspect|examin|review)\w*\s+(?:\w+\s+){0,6}(?:books|records|accounts|facilit\w*|premises|plants?)|\b(?:books|records|accounts)\b[^.;]{0,150}\b(?:(?:available|open)\s+(?:\w+\s+){0,2}(?:inspection|examination|review|audit)|right\s+to\s+(?:inspect|examine|review|audit))/i
    ],
    ignore:
      /\baudited\s+(?:\w+\s+)?financial|\baudit\s+committee\b|\bindependent\s+(?:registered\s+)?(?:certified\s+)?(?:public\s+)?account\w*\b/gi
  },
  {
    name: "uncapped liability",
    asks: /\b(?:uncapped|unlimited)\s+liabilit\w*|\bliabilit\w*\b[^?]{0,40}\b(?:uncapped|unlimited|not\s+(?:subject\s+to|limited|capped))|\b(?:exclu\w*|carve[-\s]?outs?|except\w*)\b[^?]{0,60}\b(?:limitation|cap|limit)\s+(?:of|on)\s+liabilit\w*/i,
    evidence: [
      /\bunlimited\s+liabilit\w*|\bliabilit\w*\s+(?:\w+\s+){0,3}(?:shall\s+be\s+|is\s+)unlimited|\b(?:except|excluding|other\s+than|save\s+for|does\s+not\s+apply|shall\s+not\s+apply|not\s+(?:be\s+)?subject\s+to)\b/i,
      /\bunlimited\s+liabilit|\bin\s+no\s+event\b[^.;]{0,200}\bliab|\bliabilit\w*\b[^.;]{0,80}\b(?:not\s+exceed|be\s+limited|limited\s+to|exceed)\b|\blimitations?\s+(?:of|on)\s+liabilit|\bnot\s+be\s+liable\s+(?:\w+\s+){0,4}for\s+(?:any\s+)?(?:lost\s+profits|indirect|incidental|special|consequential|punitive)/i
    ]
  },
  {
    name: "liquidated damages",
    asks: /\bliquidated\b|\b(?:termination|break(?:-?up)?|cancellation|exit)\s+fees?\b|\bpenalt\w*/i,
    evidence: [
      /\bliquidated\s+damages\b|\b(?:early\s+)?termination\s+(?:fees?|charges?|payments?)\b|\bbreak(?:-?up)?\s+fees?\b|\bcancellation\s+(?:fees?|charges?)\b|\bpenalty\b/i
    ]
  },
  {
    name: "insurance",
    asks: /\binsur\w*/i,
    evidence: [
      /\b(?:maintain|carry|procure|obtain|keep|purchase)\w*\b[^.;]{0,100}\b(?:insurance|coverage|insurance\s+polic(?:y|ies))\b|\binsurance\s+(?:\w+\s+){0,5}(?:with\s+limits|in\s+(?:an\s+)?amounts?|coverage\s+of|of\s+not\s+less\s+than|of\s+at\s+least|covering)|\b(?:named|additional)\s+insureds?\b|\bis\s+insured\b/i
    ]
  },
  {
    name: "covenant not to sue",
    asks: /\bnot\s+to\s+sue\b|\b(?:sue|contest\w*|challeng\w*|attack\w*|dispute)\b[^?]{0,60}\b(?:validity|ownership|title|rights?|patents?|trade\s*marks?|intellectual\s+property)/i,
    evidence: [
      /\bcovenants?\s+not\s+to\s+sue\b|\bnot\s+to\s+sue\b|\bnot\b[^.;]{0,60}\b(?:contest|challenge|attack|oppose|impair)\w*\b[^.;]{0,100}\b(?:validity|ownership|title|intellectual\s+property|trade\s*marks?|patents?|copyrights?|rights?\s+(?:\w+\s+){0,3}(?:in|to)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:marks?|work\s+product|property|intellectual))/i
    ]
  },
  {
    name: "third-party beneficiary",
    asks: /\bbeneficiar\w*|\b(?:non-?part(?:y|ies)|third[-\s]part(?:y|ies)|outsiders?|any(?:one|body)\s+(?:else|outside))\b[^?]{0,50}\b(?:enforce\w*|benefit\w*)/i,
    evidence: [
      /\b(?:shall|will|are|is)\s+(?:be\s+)?(?:deemed\s+(?:to\s+be\s+)?)?(?:an?\s+)?(?:express\s+|intended\s+)?third[-\s]part(?:y|ies)\s+beneficiar\w*|\bthird[-\s]part(?:y|ies)\s+beneficiar\w*\b[^.;]{0,80}\bright\s+to\s+enforce/i
    ],
    negated:
      /\bno\s+(?:\w+\s+){0,2}third[-\s]part(?:y|ies)\s+beneficiar\w*|\bnot\s+(?:\w+\s+){0,3}(?:confer|create|give|grant)\w*\b[^.;]{0,120}\b(?:third|other\s+person|any\s+person)|\bnothing\s+(?:in\s+this\s+agreement|herein|contained)\b[^.;]{0,120}\b(?:confer|give|create)\w*|\b(?:solely|exclusively)\s+for\s+the\s+(?:\w+\s+)?benefit\s+of\s+the\s+parties|\bnot\s+(?:be\s+)?(?:\w+\s+){0,3}enforceable\s+by\s+any\s+(?:other|third)|\bnot\s+(?:a\s+)?third[-\s]part(?:y|ies)\s+beneficiar/i
  }
]

/** The clause type a question names, if any. */
export const clauseTypeOf = (question: string): ClauseType | undefined =>
  clauseTypes.find((type) => type.asks.test(question))

/** Whether a sentence has the clause (every evidence pattern, after `ignore`, and no `unless`). */
export const hasClause = (type: ClauseType, text: string): boolean => {
  const seen = type.ignore === undefined ? text : text.replace(type.ignore, " ")
  return type.evidence.every((pattern) => pattern.test(seen)) && !(type.unless?.test(seen) ?? false)
}

/** Whether a text (a passage) could hold the clause: its evidence patterns, without the sentence-level vetoes. */
export const mayHaveClause = (type: ClauseType, text: string): boolean => {
  const seen = type.ignore === undefined ? text : text.replace(type.ignore, " ")
  return type.evidence.every((pattern) => pattern.test(seen))
}
