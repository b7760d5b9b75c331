import type { ClauseType } from "./ClauseTypes.js"

/** Clauses about obligations after the end, audits, liability, damages, insurance and who may enforce. In the order questions are matched (see `ClauseTypes`). */
export const liabilityClauses: ReadonlyArray<ClauseType> = [
  {
    name: "post-termination obligations",
    asks: /\b(?:after|following|upon|post)[-\s](?:the\s+)?(?:\w+\s+){0,3}(?:terminat\w*|expir\w*|ends?)\b|\bpost-?termination\b|\bwhat\s+happens\s+(?:on|at|if|when|in\s+the\s+event)\b[^?]{0,40}\b(?:terminat\w*|expir\w*|ends?)\b|\btransition\s+(?:services|assistance)|\bwind[-\s]down\b|\bsurviv\w*/i,
    evidence: [
      /\b(?:upon|after|following|on|prior\s+to|in\s+the\s+event\s+of|effective\s+upon|within\s+(?:\w+\s+){0,3}(?:days?|months?)\s+(?:of|after|following))\s+(?:the\s+|any\s+)?(?:\w+\s+){0,3}(?:termination|expiration|expiry)\b[^.;]{0,200}\b(?:shall|will|must|agrees?\s+to)\s*(?:,[^,.;]{0,60},\s*)?(?:\w+\s+){0,3}(?:pay|return|deliver|destroy|continue|provide|cease|remit|transfer|assist|cooperate|perform|purchase|buy|refund|reimburse|complete|repurchase|buy\s+back|remove|discontinue|be\s+responsible|be\s+paid|sell|become\s+(?:\w+\s+)?(?:due|payable))\b|\b(?:shall|will|must)\b[^.;]{0,40}\bwithin\s+(?:\w+\s+){0,3}(?:days?|months?)\s+(?:of|after|following)\s+(?:the\s+)?(?:\w+\s+){0,2}(?:termination|expiration|expiry)\b|\b(?:after|following|upon)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:termination|expiration)\b[^.;]{0,120}\b(?:may\s+(?:continue\s+to\s+)?sell|sell[-\s]off|right\s+to\s+sell)\b|\b(?:may|shall|will)\s+(?:\w+\s+){0,2}continue\s+to\s+(?:sell|provide|support|distribute|service|supply)\b[^.;]{0,120}\b(?:after|following)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:termination|expiration|expiry)\b|\b(?:following|after|upon)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:termination|expiration|expiry)\b[^.;]{0,120}\b(?:right|option)\s+to\s+(?:purchase|buy|repurchase|acquire)\b|\btransition(?:al)?\s+(?:services|assistance|period)|\bwind[-\s]down\b|\b(?:following|after|upon)\s+(?:the\s+|any\s+)?(?:\w+\s+){0,3}(?:termination|expiration|expiry)\b[^.;]{0,200}\bmay\b[^.;]{0,80}\b(?:sell|distribute|dispose\s+of|fulfil\w*)\b[^.;]{0,60}\b(?:inventory|stock|orders)\b|\b(?:for\s+a\s+period\s+of|during\s+the)\b[^.;]{0,60}\b(?:following|after)\s+(?:the\s+)?(?:termination|expiration)\b[^.;]{0,150}\b(?:shall|will)\b|\b(?:following|after)\s+(?:the\s+)?(?:expiration|termination)\b[^.;]{0,60}\bexcept\s+as\s+(?:may\s+be\s+)?needed\s+to\s+sell\b|\bremain\s+in(?:to)?\s+(?:full\s+)?(?:force|effect)\b[^.;]{0,60}\b(?:termination|expiration)\b|\b(?:termination|expiration)\b[^.;]{0,200}\bremain\s+in(?:to)?\s+(?:full\s+)?(?:force|effect)\b/i
    ],
    // "Upon the expiration of the Service Term, such Service shall continue on a month-to-month basis", "shall remain
    // in full force and effect until the expiration of …": the agreement's own term, no duty after it ends (unless
    // what remains in force survives the end).
    unless:
      /\b(?:continue|remain)\s+(?:\w+\s+){0,3}(?:on\s+a\s+)?(?:month[-\s]to[-\s]month|year[-\s]to[-\s]year)\b|^(?![^;]*\bsurviv\w*)[^;]*\b(?:remain|continue)\s+in\s+(?:full\s+)?(?:force|effect)\b(?:\s+and\s+effect)?\s+until\b/i
  },
  {
    name: "audit rights",
    asks: /\baudit\w*|\binspect\w*\b[^?]{0,50}\b(?:books|records|facilit\w*|premises|accounts)|\b(?:books|records)\b[^?]{0,40}\b(?:inspect\w*|review\w*|examin\w*|access)/i,
    evidence: [
      /\b(?:right|entitled|permit\w*|allow\w*|may|shall|will|access)\b[^.;]{0,80}\baudit\w*|\baudit\w*\b[^.;]{0,120}\b(?:books|records|accounts|premises|facilit\w*|sites?|compliance|operations|systems|procedures|statements|invoices|payments|royalt\w*)\b|\b(?:books|records|accounts)\b[^.;]{0,150}\baudit\w*|\b(?:inspect|examin|review)\w*\s+(?:[\w'’]+\s+){0,6}(?:books|records|accounts|facilit\w*|premises|plants?)|\b(?:books|records|accounts)\b[^.;]{0,150}\b(?:may|shall\s+have\s+the\s+right\s+to|entitled\s+to)\s+(?:\w+\s+){0,3}(?:inspect|examine|review|audit|copy)\b|\b(?:books|records)\b[^.;]{0,100}\bverif\w*|\b(?:may|right\s+to|entitled\s+to)\s+(?:\w+\s+){0,2}verify\b[^.;]{0,60}\b(?:reports?|statements?|records|accounts|calculations?|payments?|royalt\w*)\b|\baccess\s+to\s+(?:[\w'’]+\s+){0,4}(?:facilit\w*|premises|sites?|plants?|books|records)\b[^.;]{0,60}\b(?:verify|inspect|audit|examin)\w*|\b(?:given|have|has|provide|grant|permit)\s+(?:\w+\s+){0,3}access\s+to\s+(?:[\w'’]+\s+){0,4}(?:books|records|accounts)\b|\b(?:books|records|accounts)\b[^.;]{0,150}\b(?:(?:available|open)\s+(?:\w+\s+){0,4}(?:inspection|examination|review|audit)|right\s+to\s+(?:inspect|examine|review|audit))/i
    ],
    ignore:
      /\baudited\s+(?:\w+\s+)?financial|\baudit\s+committee\b|\bindependent\s+(?:registered\s+)?(?:certified\s+)?(?:public\s+)?account\w*\b/gi
  },
  {
    name: "uncapped liability",
    asks: /\b(?:uncapped|unlimited)\s+liabilit\w*|\bliabilit\w*\b[^?]{0,40}\b(?:uncapped|unlimited|not\s+(?:subject\s+to|limited|capped))|\b(?:exclu\w*|carve[-\s]?outs?|except\w*)\b[^?]{0,60}\b(?:limitation|cap|limit)\s+(?:of|on)\s+liabilit\w*/i,
    evidence: [
      /\bunlimited\s+liabilit\w*(?!\s+compan)|\bliable\s+without\s+(?:any\s+)?limitation\b|\bliabilit\w*\s+(?:\w+\s+){0,8}(?:shall\s+be\s+|is\s+)unlimited|\b(?:except|excluding|excluded\s+from|other\s+than|save\s+for|(?:does|do|shall|will)\s+not\s+apply|shall\s+not\s+limit|not\s+(?:be\s+)?subject\s+to|none\s+of\s+which\s+(?:shall|will)\s+be\s+subject\s+to)\b|\bnothing\b[^.;]{0,60}\b(?:limits?|excludes?|restricts?)\b/i,
      /\bunlimited\s+liabilit(?!\w*\s+compan)|\bliable\s+without\s+(?:any\s+)?limitation\b|\b(?:shall|will|does|do)\s+not\s+limit\b[^.;]{0,250}\bliabilit\w*|\bliabilit\w*\s+(?:\w+\s+){0,8}(?:shall\s+be\s+|is\s+)unlimited|\bin\s+no\s+event\b[^.;]{0,200}\bliab|\bliabilit\w*\b[^.;]{0,80}\b(?:not\s+exceed|be\s+limited|limited\s+to|exceed)\b|\blimitations?\s+(?:of|on)\s+liabilit|\b(?:limits?|excludes?|restricts?)\s+(?:[\w'’]+\s+){0,3}liabilit|\b(?:limitations?|exclusions?)\b[^.;]{0,80}\b(?:shall|do|does|will)\s+not\s+apply\b|\b(?:not|neither\s+(?:\w+\s+){1,2}(?:shall|will))\s+be\s+liable\s+(?:\w+\s+){0,4}for\s+(?:any\s+)?(?:lost\s+profits|indirect|incidental|special|consequential|punitive)|\b(?:indemnif\w*|liabilit\w*)\b[^.;]{0,100}\b(?:not\s+(?:be\s+)?|none\s+of\s+which\s+(?:shall|will)\s+be\s+)subject\s+to\s+any\s+(?:\w+\s+){0,2}(?:limitation|cap|limit|ceiling)\b/i
    ]
  },
  {
    name: "liquidated damages",
    asks: /\bliquidated\b|\b(?:termination|break(?:-?up)?|cancellation|exit)\s+fees?\b|\bpenalt\w*/i,
    evidence: [
      /\bliquidated\s+damages\b|\b(?:early\s+)?termination\s+(?:fees?|charges?|payments?)\b|\bbreak(?:-?up)?\s+fees?\b|\bcancellation\s+(?:fees?|charges?)\b|\bpenalty\b|\blate\s+delivery\s+(?:charges?|fees?|penalt\w*|damages)\b|\bdelay\s+(?:penalt\w*|damages)\b|\bterminat\w*\b[^.;]{0,100}\b(?:before|prior\s+to)\s+(?:the\s+)?(?:end|expiration|expiry)\b[^.;]{0,100}\bpay\b[^.;]{0,80}\b(?:(?:remainder|balance|rest)\s+of\s+(?:the\s+)?(?:\w+\s+){0,2}(?:term|period)|remaining\s+(?:\w+\s+){0,2}(?:term|period|months?|years?))\b/i
    ],
    // "… without payment of any wind-down fee or cancellation charge": a right free of any such sum.
    ignore:
      /\bwithout\s+(?:payment\s+of|paying|incurring|liability\s+for)\s+(?:any\s+)?(?:[\w-]+\s+){0,6}(?:fees?|charges?|penalt\w*|damages)\b(?:\s+or\s+(?:[\w-]+\s+){0,4}(?:fees?|charges?|penalt\w*|damages)\b)?/gi,
    // "The Shortfall Payment … is not a penalty, a forfeiture or liquidated damages" (but "are liquidated damages and
    // not a penalty" states them).
    negated: /\bnot\s+(?:[\w,]+\s+){0,6}liquidated\s+damages\b/i
  },
  {
    name: "insurance",
    asks: /\binsur\w*/i,
    evidence: [
      /\b(?:maintain|carry|procure|obtain|keep|purchase|provide|take\s+out|effect)\w*\b[^.;]{0,100}\b(?:insurance|insurance\s+(?:coverage|cover)|insurance\s+polic(?:y|ies))\b|\b(?:maintain|carry|procure|obtain|keep|purchase)\w*\b[^.;]{0,100}\bcoverage\b|\binsurance\s+(?:\w+\s+){0,5}(?:with\s+limits|in\s+(?:an\s+)?amounts?|coverage\s+of|of\s+not\s+less\s+than|of\s+at\s+least|covering)|\b(?:named|additional)\s+insureds?\b|\b(?:keep|maintain)\s+(?:\w+\s+){0,3}insured\b|\bis\s+insured\b|\bcertificates?\s+of\s+insurance\b|\binsurance\s+certificates?\b/i
    ]
  },
  {
    name: "warranty",
    // Not "How long does the warranty last?" or "Warranty period?": those ask for a period.
    asks: /^(?![^?]*\b(?:period|duration|how\s+long|lasts?|months?|years?|days?)\b)[^?]*\bwarrant(?:y|ies|s|ed)?\b/i,
    // A party warrants something, or a warranty is given or runs for a period; not a mention in a list of the
    // contract's parts ("the representations, warranties and covenants contained herein").
    evidence: [
      /\bwarrants?\b[^.;]{0,60}\bthat\b|\bis\s+warranted\b|\bwarranted\s+(?:to|against|for)\b|\b(?:limited|express|product|performance)\s+warrant(?:y|ies)\b|\bwarrant(?:y|ies)\s+(?:period|term)\b|\bwarrant(?:s|y|ies)?\b[^.;]{0,100}\bfree\s+(?:from|of)\s+(?:\w+\s+){0,2}defects?\b|\bwarrant(?:y|ies)\b[^.;]{0,60}\b(?:shall|will)\s+(?:last|be\s+valid|remain\s+in|apply|extend|run)\b|\b(?:gives?|provides?|extends?)\s+(?:a\s+|the\s+following\s+)?warrant(?:y|ies)\b/i
    ],
    // A warranty of authority ("the undersigned represent and warrant that they are authorized to sign"; "it has
    // full corporate power", "is duly organized", also after a list number: "that: 11.1. It has the corporate
    // power") vouches for the signing, not for what is supplied; a warrant
    // that is a security ("exercise of this Warrant", "Warrant Shares", "warrants to purchase") is none either.
    ignore:
      /\b(?:this|the|such|each|said|any|a|new|these|those)\s+warrants?\b(?!\s+that\b)|\bwarrants?\s+(?:shares?|holders?|price|stock|certificates?|to\s+(?:purchase|acquire|subscribe))\b|\bwarrants?\b[^.;]{0,80}?\bthat\b(?:[^.;]|(?<=\d)\.(?=\s)){0,120}?\b(?:(?:duly\s+|fully\s+)?authori[sz]ed|full\s+(?:\w+\s+){0,2}(?:power|authority|right)|(?:power|authority|capacity)\s+to\s+(?:enter|execute|sign|perform)|duly\s+(?:organi[sz]ed|incorporated|formed)|validly\s+existing|legal\s+capacity)\b/gi,
    // A disclaimer: "disclaims all other warranties", "makes no warranty", "provided as is".
    unless:
      /\bdisclaim\w*|\b(?:makes?|gives?|provides?)\s+no\b|\bno\s+(?:other\s+)?warrant\w*|\bwithout\s+(?:any\s+)?warrant\w*|\b(?:does|do|shall|will)\s+not\s+(?:\w+\s+)?warrant\b/i,
    negated:
      /\bdisclaim\w*\b[^.;]{0,80}\bwarrant\w*|\b(?:does|do|shall|will)\s+not\s+(?:\w+\s+)?warrant\b|\b(?:makes?|gives?|provides?)\s+no\s+(?:\w+,?\s+){0,4}warrant\w*|\bwithout\s+(?:any\s+)?warrant\w*|\b(?:provided|furnished|sold|licen[cs]ed|delivered)\s+["“]?as\s+is\b/i
  },
  {
    name: "covenant not to sue",
    asks: /\bnot\s+to\s+sue\b|\b(?:sue|contest\w*|challeng\w*|attack\w*|dispute)\b[^?]{0,60}\b(?:validity|ownership|title|rights?|patents?|trade\s*marks?|intellectual\s+property)|\b(?:sue|contest\w*|challeng\w*|attack\w*)\b[^?]{0,60}\bip\b/i,
    evidence: [
      /\bcovenants?\s+not\s+to\s+sue\b|\bnot\s+to\s+sue\b|\bnot\s+to\s+assert\b[^.;]{0,80}\b(?:claims?|actions?|suits?)\b[^.;]{0,80}\bagainst\b|\b(?:not|neither|nor|never)\b[^.;]{0,60}\b(?:sue|petition|institute|commence|bring|join)\b[^.;]{0,120}\b(?:action|proceeding|suit|claim|case|petition)s?\b[^.;]{0,60}\bagainst\b|\b(?:acknowledges?|recogni[sz]es?)\s+(?:the\s+)?(?:validity|ownership)\b[^.;]{0,120}\bnot\s+to\s+(?:contest|challenge|dispute|attack)\b|\b(?:not|neither|nor|never)\b[^.;]{0,60}\b(?:contest|challenge|attack|oppose|impair)\w*\b[^.;]{0,100}\b(?:validity|ownership|title|intellectual\s+property|trade\s*marks?|patents?|copyrights?|rights?\s+(?:\w+\s+){0,3}(?:in|to)\s+(?:the\s+)?(?:\w+\s+){0,3}(?:marks?|work\s+product|property|intellectual))/i
    ],
    // Severability: an invalid provision does "not affect or impair the validity" of the others.
    unless:
      /\b(?:validity|enforceability)\s+(?:or\s+(?:validity|enforceability)\s+)?of\s+(?:any\s+|the\s+)?(?:other|remaining)\s+(?:provisions?|terms?|parts?|portions?|sections?|clauses?|covenants?)\b|\bsever\w*/i
  },
  {
    name: "third-party beneficiary",
    // Not a bare "Beneficiary": in an escrow or a trust that is a party's name ("Can the Beneficiary terminate?").
    asks: /\bbeneficiaries\b|\b(?:third[-\s]part(?:y|ies)|intended|express|incidental|other)\s+beneficiar\w*|\b(?:non-?part(?:y|ies)|third[-\s]part(?:y|ies)|outsiders?|any(?:one|body)\s+(?:else|outside))\b[^?]{0,50}\b(?:enforce\w*|benefit\w*)|\bbenefit\w*\b[^?]{0,30}\b(?:third[-\s]part(?:y|ies)|non-?part(?:y|ies))/i,
    evidence: [
      /\b(?:shall|will|are|is)\s+(?:be\s+)?(?:deemed\s+(?:to\s+be\s+)?)?(?:an?\s+)?(?:express\s+|intended\s+)?third[-\s]part(?:y|ies)\s+beneficiar\w*|\bthird[-\s]part(?:y|ies)\s+beneficiar\w*\b[^.;]{0,80}\bright\s+to\s+enforce/i
    ],
    negated:
      /\bno\s+(?:\w+\s+){0,2}third[-\s]part(?:y|ies)\s+beneficiar\w*|\bnot\s+(?:\w+\s+){0,3}(?:confer|create|give|grant)\w*\b[^.;]{0,120}\b(?:third|other\s+person|any\s+person)|\bnothing\s+(?:in\s+this\s+agreement|herein|contained)\b[^.;]{0,120}\b(?:confer|give|create)\w*|\b(?:solely|exclusively)\s+for\s+the\s+(?:\w+\s+)?benefit\s+of\s+the\s+parties|\bnot\s+(?:be\s+)?(?:\w+\s+){0,3}enforceable\s+by\s+any\s+(?:other|third)|\bnot\s+(?:a\s+)?third[-\s]part(?:y|ies)\s+beneficiar/i
  }
]
