import type { ClauseType } from "./ClauseTypes.js"
import { deniedAhead } from "./DenialLeads.js"
import { eitherOf } from "./RegExpText.js"

/** Clauses that restrict how the parties deal: competition, exclusivity, solicitation, termination, change of control. In the order questions are matched (see `ClauseTypes`). */
export const commercialClauses: ReadonlyArray<ClauseType> = [
  {
    name: "most favoured nation",
    asks: /\bmost[-\s]favou?red\b|\bmfn\b|\bno\s+(?:worse|less\s+favou?rable)\b|\bat\s+least\s+as\s+(?:good|favou?rable)\b|\b(?:better|best|lowest)\s+(?:prices?|terms|pricing)\b/i,
    evidence: [
      /\bmost[-\s]favou?red\b|\b(?:no\s+less|not\s+less|at\s+least\s+as)\s+favou?rabl[ey]\b[^.;]{0,120}\b(?:any\s+other|other|third)\b|\b(?:lowest|best|most\s+favou?rable)\s+(?:prices?|pricing|terms|rates?)\b[^.;]{0,100}\b(?:offered|given|charged|granted|provided)\b[^.;]{0,40}\b(?:any\s+)?(?:other|third)\b|\b(?:more|better)\s+favou?rable\s+(?:prices?|pricing|terms|rates?)\b[^.;]{0,150}\b(?:same|equivalent|such|like)\s+(?:prices?|pricing|terms|rates?)\b|\b(?:no|not)\s+(?:higher|greater)\s+than\s+(?:the\s+)?(?:lowest\s+)?(?:prices?|rates?)\s+(?:\w+\s+){0,6}(?:any\s+)?(?:other|third)|\b(?:lower|better|more\s+favou?rable)\s+(?:prices?|terms|rates?)\s+to\s+(?:any\s+)?(?:other|third|another)\b[^.;]{0,120}\bsame\s+(?:lower\s+|better\s+)?(?:prices?|terms|rates?)\b|\b(?:at\s+least\s+as\s+low|no\s+(?:higher|greater))\s+(?:as|than)\s+(?:those|the\s+(?:prices?|rates?|fees?))\b[^.;]{0,80}\b(?:any|all)\s+(?:other|third|similarly\s+situated)\b|\b(?:any|another)\s+(?:other\s+|third[-\s]party\s+)?(?:customer|purchaser|buyer|licensee|client|distributor|reseller)s?\b[^.;]{0,200}\b(?:lower|more\s+favou?rable|better)\b[^.;]{0,200}\b(?:shall|will)\s+be\s+(?:reduced|lowered|adjusted|amended)\b|\b(?:any|another)\s+(?:other\s+|third[-\s]party\s+)?(?:customer|purchaser|buyer|licensee|client)s?\b[^.;]{0,200}\b(?:no\s+less|not\s+less|at\s+least\s+as)\s+favou?rabl[ey]\b|\b(?:exceed|higher\s+than|greater\s+than)\b[^.;]{0,40}\b(?:rates?|prices?|fees?|charges?)\s+(?:\w+\s+){0,5}(?:charges?|charged|offers?|offered|gives?|given|grants?|granted)\s+(?:by\s+\w+\s+)?to\s+any\s+other\b|\b(?:entitled|elect\w*|right)\b[^.;]{0,60}\b(?:receive|obtain|benefit\s+(?:of|from))\s+(?:the\s+|such\s+)*(?:more\s+favou?rable|lower|better)\s+(?:terms|prices?|rates?|fees?|royalt\w*)\b|\b(?:reduce|lower|adjust)\w*\s+(?:[\w-]+\s+){0,6}to\s+such\s+lower\s+(?:fees?|prices?|rates?|royalt\w*)\b/i
    ],
    // "Franchisor shall have no obligation to offer any such terms to Developer": the other terms are not extended.
    negated: eitherOf(
      /\bno\s+obligation\s+to\s+(?:offer|extend|grant|provide)\s+(?:any\s+)?(?:such\s+)?(?:more\s+favou?rable\s+)?(?:terms|prices?|pricing|rates?)\b/i,
      deniedAhead(String.raw`\bmost[-\s]favou?red\b|\b(?:more|most)\s+favou?rable\s+(?:prices?|pricing|terms|rates?)\b`)
    )
  },
  {
    name: "competitive restriction exception",
    asks: /\b(?:exceptions?|carve[-\s]?outs?|exempt\w*|excluded)\b[^?]{0,80}\b(?:non-?compet\w*|compet\w*|exclusiv\w*|solicit\w*)/i,
    evidence: [
      /(?:(?:shall|will)\s+not\s+(?:apply\s+to|preclude|prevent|prohibit|restrict)|nothing\s+(?:in|contained\s+in)\s+this\s+(?:\w+\s+){0,3}shall\s+(?:\w+\s+){0,3}(?:prevent|preclude|prohibit|restrict|limit)|shall\s+not\s+(?:be\s+deemed\s+to\s+)?include|(?:does|do)\s+not\s+include)/i,
      /\b(?:non-?compet\w*|compet(?:e|ing|itive|itor|itors|ition)|exclusiv\w*|non-?solicit\w*)\b/i
    ],
    ignore:
      /\bnon-?exclusive\w*|\b(?:does|do|shall|will)\s+not\s+(?:\w+\s+){0,2}(?:grant|give|confer|appoint)\w*\b[^.;]{0,40}?\bexclusive\w*|\bno\s+exclusive\s+(?:right|rights|licen[cs]e|arrangement|relationship)\b|\bexclusive\s+(?:remedy|remedies|jurisdiction|venue|forum|of)\b|\bexclusively\s+(?:set\s+forth|provided|stated|in|by)\b/gi
  },
  {
    name: "non-compete",
    asks: /\bnon-?compet\w*|\bcompet(?:e|ing|ition)\b|\brestrictive\s+covenants?\b|\b(?:work|works|working|employ\w*|engage\w*)\s+(?:\w+\s+){0,2}(?:for|with)\s+(?:a\s+|any\s+)?competitors?\b/i,
    evidence: [
      /\bnon-?compet\w*|\bcovenants?\s+not\s+to\s+compete\b|\bnone\s+of\b[^.;]{0,250}\bcompetes?\s+with\b|\b(?:not|neither|nor|refrain\s+from)\b[^.;]{0,150}\b(?:compet(?:e|es|ing)\b|competitive\s+(?:business|products?|services?|with)\b|(?:employ\w*|work|services?|engage\w*|interest)\b[^.;]{0,40}\bcompetitors?\b|(?:engage\s+in|carry\s+on|conduct)\s+(?:\w+\s+){0,4}(?:business|activit\w*)\b[^.;]{0,60}\b(?:competi|similar|same))|\bnot\s+(?:to\s+)?(?:,?\s*(?:directly|indirectly|either|or|itself)\b\s*,?\s*){0,4}(?:develop|manufactur|market|sell|distribut|produc|operat|open)\w*\b[^.;]{0,150}\b(?:anywhere\s+in\s+the\s+world|within\s+(?:a\s+)?(?:radius\s+of\s+)?(?:\d+|[\w-]+\s+\(\d+\))[\s-]+(?:\w+\s+)?(?:miles?|kilomet(?:er|re)s?))|\bnot\b[^.;]{0,40}\bengage\s+in\s+(?:the|any)\s+business\s+of\b[^.;]{0,120}\b(?:anywhere|throughout|within\s+(?:the\s+)?(?:territory|area|radius|\d))\b|\bnot\b[^.;]{0,60}\b(?:develop|manufactur|market|sell|distribut|produc|offer)\w*\b[^.;]{0,80}\b(?:products?|services?)\s+(?:\w+\s+){0,2}similar\s+to\b|\bnot\b[^.;]{0,60}\b(?:develop|manufactur|market|sell|distribut|produc|offer|licen[cs]e|provide)\w*\b[^.;]{0,160}\b(?:products?|services?|software|systems?|technolog\w*)\s+(?:having|with)\s+(?:\w+\s+){0,2}(?:substantially\s+)?similar\b|\bnot\b[^.;]{0,60}\bconduct\s+any\s+(?:\w+\s+){0,4}(?:program|business|activit\w*)\s+directed\s+(?:at|to)\b|\b(?:not|neither|nor)\b[^.;]{0,300}\b(?:interest\s+in|engage\s+in|own|operate|employed\s+by)\b[^.;]{0,80}\bany\s+(?:Competitive|Competing)\s+(?:Business|Products?|Services?)\b/i
    ]
  },
  {
    name: "exclusivity",
    // Not "Are service credits the exclusive remedy?", "Which courts have exclusive jurisdiction?".
    asks: /\bexclusiv\w*\b(?!\s+(?:remed\w*|jurisdiction|venue|forum|property|owner\w*|means))|\bsole\s+(?:supplier|distributor|provider|source)\b|\b(?:deal|buy|purchase|sell|work|source)\w*\s+(?:\w+\s+)?(?:only|solely|exclusively)\s+(?:with|from|to|through)\b|\b(?:appoint|use|engage|authori[sz]e)\w*\s+(?:\w+\s+)?(?:other|another|additional|more)\s+(?:distributors?|suppliers?|resellers?|agents?|dealers?|vendors?|providers?|licensees?)/i,
    evidence: [
      /\bexclusive(?:ly)?\b[^.;]{0,80}\b(?:right|rights|distributor|distribution|supplier|provider|licen[cs]\w*|basis|agent|partner|reseller|territory|dealer|arrangement|marketing|sponsor|outlet|retailer|seller|vendor|manufacturer|source)\b|\b(?:right|rights|distributor|supplier|provider|licen[cs]\w*|agent|partner|reseller|dealer|sponsor)\b[^.;]{0,40}\bexclusive(?:ly)?\b|\ball\s+(?:of\s+)?(?:its|their)\s+(?:\w+\s+){0,2}requirements\b|\b\d{2,3}\s*%\)?\s+of\s+(?:its|their|[A-Z][\w'’]*(?:['’]s)?)\s+(?:[\w'’]+\s+){0,4}requirements\b|\bonly\s+(?:authori[sz]ed\s+)?(?:distributor|reseller|supplier|licensee|provider|dealer|agent|source)\b|\b(?:shall|will|may)\s+not\s+(?:\w+\s+){0,3}(?:sell|supply|license|distribute|provide|offer)\b[^.;]{0,150}\b(?:other\s+than|except\s+(?:to|through))\s+(?:the\s+)?(?:distributor|licensee|buyer|customer|reseller|purchaser|agent|dealer)\b|\bsole\s+(?:and\s+exclusive\s+)?(?:supplier|distributor|provider|source)\b|\b(?:(?:shall|will|may)\s+not|agrees?\s+not\s+to|undertakes?\s+not\s+to|covenants?\s+not\s+to|not\s+to,)\s+(?:\w+\s+){0,3}(?:sell|supply|license|distribute|provide|offer|purchase|buy)\b[^.;]{0,150}\b(?:to|from|with)\s+any\s+(?:other|third)\b|\b(?:(?:shall|will|may)\s+not|agrees?\s+not\s+to)\s+(?:\w+\s+){0,2}enter\s+into\s+any\s+(?:\w+\s+){0,2}(?:agreements?|arrangements?|relationships?|collaborations?)\s+with\s+(?:any|a)\s+(?:other\s+|third\s+)part(?:y|ies)\b[^.;]{0,40}\b(?:for|to|regarding|relating)\b|\b(?:shall|will|may)\s+not\s+(?:\w+\s+){0,3}(?:appoint|grant|authori[sz]e)\s+(?:to\s+)?any\s+(?:other|third)\b[^.;]{0,80}\b(?:distribut\w*|sell|market|represent\w*|agent|licen[cs]\w*)|\b(?:purchase|buy|obtain|procure|source|order|acquire)\w*\s+(?:\w+\s+){0,6}(?:solely|only|exclusively)\s+from\b|\b(?:shall|will|may)\s+not\b[^.;]{0,60}\b(?:represent|sell|distribute|carry|promote|market)\b[^.;]{0,40}\b(?:products?|services?|lines?)\s+of\s+(?:a|any)\s+(?:competitor|other\s+(?:supplier|manufacturer|vendor|provider))|\bnot\s+(?:\w+\s+){0,2}enter\s+into\s+(?:any\s+)?(?:similar|other|comparable|competing)\s+(?:agreements?|arrangements?|relationships?)\s+with\s+any\s+(?:other|third)\b|\bnot\b[^.;]{0,80}\bgrant\s+to\s+any\s+competitors?\b[^.;]{0,100}\brights?\b|\bnot\b[^.;]{0,120}\b(?:licen[cs]e|authori[sz]e|appoint|permit|grant)\w*\s+(?:to\s+)?any\s+(?:other\s+)?(?:person|party|entity|third\s+party|one|franchisee|distributor|licensee)\s+other\s+than\b|\b(?:shall|will|may)\s+not\b[^.;]{0,100}\b(?:represent|sell|distribute|carry|promote|market|bundle|resell)\b[^.;]{0,120}\bof\s+any\s+(?:person|party|entity|one|supplier|manufacturer|vendor)\s+other\s+than\b/i
    ],
    ignore:
      /\bnon-?exclusive\w*|\bnegotiate\s+(?:in\s+good\s+faith\s+)?exclusively\b|\bexclusive\s+negotiations?\b|\bnothing\b[^.;]{0,100}\b(?:obligat\w*|requir\w*)\b[^.;]{0,80}\bexclusive(?:ly)?\b|\b(?:does|do|shall|will)\s+not\s+(?:\w+\s+){0,2}(?:grant|give|confer|appoint)\w*\b[^.;]{0,40}?\bexclusive\w*|\bno\s+exclusive\s+(?:right|rights|licen[cs]e|arrangement|relationship)\b|\b(?:sole\s+and\s+)?exclusive\s+(?:remedy|remedies|jurisdiction|venue|forum|property|owner\w*|responsibility|liability|benefit|control|discretion|use\s+of\s+the\s+parties)\b|\bexclusive\s+of\b|\bexclusively\s+(?:by|in)\s+the\s+(?:laws?|courts?)\b/gi,
    // A grant made non-exclusive answers the question with a no: "grants … a non-exclusive, non-transferable licence",
    // "Shipper does not grant Carrier any exclusive right to transport".
    negated: eitherOf(
      /\bnon-?exclusive[\s,]+(?:[\w-]+[\s,]+){0,3}(?:licen[cs]e|right|rights|basis|distributor|distribution|appointment|reseller|agent)\b|\b(?:does|do|shall|will)\s+not\s+(?:\w+\s+){0,2}(?:grant|give|confer|appoint)\w*\b[^.;]{0,40}?\bexclusive\b|\bno\s+exclusive\s+(?:right|rights|licen[cs]e|arrangement|relationship)\b|\bnothing\b[^.;]{0,100}\b(?:obligat\w*|requir\w*)\b[^.;]{0,80}\bexclusive(?:ly)?\b|\bnot\s+a\s+requirements\s+contract\b/i,
      deniedAhead(String.raw`\bexclusiv\w*`)
    )
  },
  {
    name: "non-solicitation of customers",
    asks: /\b(?:solicit\w*|approach\w*|poach\w*|divert\w*|interfer\w*)\b[^?]{0,50}\b(?:customers?|clients?|accounts?)\b|\b(?:customers?|clients?)\b[^?]{0,30}\bsolicit\w*|\b(?:go\s+after|target\w*|pursu\w*|steal\w*|take\s+away|lure\w*)\b[^?]{0,50}\b(?:customers?|clients?|accounts?)\b/i,
    evidence: [
      /\b(?:solicit\w*|divert\w*|entice\w*|induce\w*|interfere\w*)\b[^.;]{0,150}\b(?:customers?|clients?|accounts?)\b|\b(?:customers?|clients?)\b[^.;]{0,80}\bsolicit\w*|\bnot\s+(?:to\s+)?(?:\w+\s+){0,2}(?:contract|deal|do\s+business|transact)\w*\s+(?:\w+\s+){0,2}with\s+any\s+(?:clients?|customers?|accounts?)\s+(?:of|introduced|referred|procured)\b/i,
      /\b(?:not|no|refrain|non-?solicit\w*)\b/i
    ],
    // "without Customer's prior written consent, solicit for employment any employee of Customer … personnel assigned
    // to Customer's account": a party named "Customer", its consent, its employees and its account, not its customers;
    // a solicitation "for employment" is of people, whoever is named after it; and "Customer" with no article before
    // it ("shall bind Customer", "restrict Customer") names the party, where "any Customer" may be a defined term.
    ignore:
      /\bsolicit\w*\s+(?:\w+\s+){0,2}for\s+employment\b|(?<!\b(?:[Aa]n?|[Aa]ny|[Ee]ach|[Ee]very|[Ss]uch|[Nn]o|[Oo]ther|potential|prospective|existing|former|new)\s+)\b(?:Customer|Client)\b(?![’']?s\b)|\b(?:employees?|personnel|staff|officers|contractors)\s+(?:or\s+\w+\s+)?of\s+(?:the\s+)?(?:Customer|Client)s?\b|\b(?:Customer|Client)['’]s\s+(?:\w+\s+){0,2}(?:consent|approval)\b|\bassigned\s+to\s+(?:the\s+)?\S+\s+accounts?\b/g
  },
  {
    name: "non-solicitation of employees",
    asks: /\bno-?poach\w*|\bno-?hire\b|\bnon-?solicit\w*|\b(?:solicit\w*|hir(?:e|ing)|recruit\w*|poach\w*)\b[^?]{0,50}\b(?:employees?|staff|personnel|workers|people|team|contractors)\b/i,
    evidence: [
      /\b(?:solicit\w*|recruit\w*|hire|hiring|employ|induce\w*|entice\w*)\b[^.;]{0,150}\b(?:employees?|personnel|staff|consultants?|contractors?|workers|officers|persons?\s+employed|employed\s+(?:\w+\s+){0,4}by)\b|\bnon-?solicit\w*/i,
      /\b(?:not|no|neither|nor|refrain|non-?solicit\w*)\b/i
    ],
    ignore: /\bworks?\s+made\s+for\s+hire\b|\bfor\s+hire\b/gi
  },
  {
    name: "non-disparagement",
    asks: /\bdisparag\w*|\b(?:negative|derogatory|critical|defamatory|bad|disparaging)\s+(?:(?:public|publicly)\s+)?(?:statements?|comments?|remarks?|things)|\bspeak\s+(?:ill|negatively)\b|\bcriti(?:ci[sz]\w*|que)|\bbad[-\s]?mouth\w*|\bspeak\s+badly\b/i,
    evidence: [
      /\bdisparag\w*|\bderogatory\b|\bdefam\w*|\b(?:negative|critical|unfavou?rable|adverse)\s+(?:public\s+)?(?:statements?|comments?|remarks?)/i
    ]
  },
  {
    name: "termination for convenience",
    asks: /\bconvenience\b|\bterminat\w*[^?]{0,60}\b(?:without\s+(?:cause|reason)|at\s+will|for\s+any\s+reason|at\s+any\s+time)|\b(?:end|cancel|exit|walk\s+away)\w*\b[^?]{0,60}\b(?:at\s+will|without\s+cause|any\s+time|(?:just|simply|merely|only)\s+(?:by\s+)?giving\s+notice)|\bwalk[-\s]away\b|\b(?:terminat|end|cancel)\w*\s+(?:\w+\s+){0,3}early\b/i,
    evidence: [
      /\b(?:(?:terminat|cancel)\w*|end\s+(?:this|the)\s+(?:agreement|contract))[^.;]{0,160}\b(?:for\s+(?:its\s+)?convenience|without\s+cause|for\s+(?:any|no)\s+reason(?:\s+or\s+no\s+reason)?|non-?cause|with\s+or\s+without\s+cause|at\s+(?:its\s+)?(?:sole\s+)?discretion|at\s+will|at\s+any\s+time\b[^.;]{0,80}\b(?:notice|upon))|^(?![^;]*\b(?:if|should|unless|in\s+the\s+event|provided\s+that|as\s+follows|expir\w*|force\s+majeure|delay\w*)\b)[^;]*?\b(?:terminat|cancel)\w*[^;]{0,120}?\b(?:(?:upon|on|with|after)\s+(?:at\s+least\s+)?(?:[\w-]+\s+)?(?:\(\d+\)\s+)?(?:days?|months?)['’]?\s+(?:prior\s+|advance\s+)?(?:written\s+)?notice|by\s+giving\s+(?:\w+\s+){0,3}notice)|\b(?:for\s+(?:its\s+)?convenience|without\s+cause|at\s+any\s+time|at\s+(?:its|their)\s+(?:sole\s+)?discretion)\b[^.;]{0,80}\b(?:terminat|cancel)\w*/i,
      /\bmay\b[^.;]{0,40}?\b(?:terminat|cancel)\w*|\bmay\s+end\s+(?:this|the)\s+(?:agreement|contract)\b|\b(?:right|entitled|option|elect)\b[^.;]{0,60}?\bto\s+(?:terminat|cancel)\w*|\bmay\s+be\s+(?:terminated|cancell?ed)\b|\bterminable\b|\bcan\s+(?:\w+\s+){0,3}(?:terminat|cancel)\w*/i
    ],
    unless:
      /\bnot\s+(?:have\s+been\s+|be\s+|been\s+)?(?:fulfilled|satisfied|met|cured)\b|\bshould\s+(?!\w+\s+terminat\w*\s+for\s+convenience)(?:[\w'’]+\s+){1,6}terminat\w*|\b(?:breach\w*|default\w*|insolven\w*|bankrupt\w*|fails?\s+to|failure)\b(?![^.;]{0,80}\b(?:convenience|without\s+cause|any\s+reason)\b)|\b(?:may|shall|will|can|does|do)\s+not\s+(?:\w+\s+){0,2}terminat\w*|\b(?:neither|no)\s+(?:party|member|partner|shareholder|stockholder)\s+(?:may|shall|will|can)\s+(?:[^.;]{0,60}?\bor\s+)?(?:\w+\s+){0,2}terminat\w*|\bno\s+right\s+to\s+terminat\w*|\b(?:insurance|insurer|polic(?:y|ies)|coverage)\b|\b(?:neither|no)\s+party\s+(?:may|shall|will|can)\s+(?:\w+\s+){0,2}terminat\w*|^(?![^;]*\b(?:convenience|without\s+cause|for\s+any\s+reason)\b)[^;]*\bfor\s+(?:good|important|serious)\s+(?:cause|reason)\b/i,
    negated:
      /\b(?:may|shall|will|can|does|do)\s+not\s+(?:\w+\s+){0,2}terminat\w*[^.;]{0,100}\b(?:convenience|without\s+cause|any\s+reason)|\bno\s+right\s+to\s+terminat\w*[^.;]{0,100}\b(?:convenience|without\s+cause)|\b(?:neither|no)\s+(?:party|member|partner|shareholder|stockholder)\s+(?:may|shall|will|can)\s+(?:[^.;]{0,60}?\bor\s+)?(?:\w+\s+){0,2}terminat\w*[^.;]{0,100}\b(?:convenience|without\s+cause|any\s+reason)|\bordinary\s+termination\b[^.;]{0,100}\b(?:is|shall\s+be|are)\s+excluded\b/i
  },
  {
    name: "right of first refusal",
    asks: /\bright\s+of\s+first\s+(?:refusal|offer|negotiation)|\brof[rno]\b|\bfirst\s+(?:right|option|refusal|offer)\b|\bmatch\w*\b[^?]{0,40}\b(?:offers?|bids?|terms)\b/i,
    evidence: [
      /\bright\s+of\s+first\s+(?:\w+\s+){0,2}(?:refusal|offer|negotiation)|\bfirst\s+right\s+(?:of|to)\s+(?:\w+\s+){0,2}(?:refusal|negotiat\w*|offer|purchase|buy|acquire)|\bfirst\s+(?:option|opportunity)\s+to\s+(?:purchase|buy|acquire|negotiate|license|distribute|match)|\bright\s+to\s+match\b|\b(?:days?|opportunity|option)\s+to\s+match\s+(?:such|the|any|that)\s+(?:\w+\s+)?(?:offer|bid|proposal|terms)\b|\b(?:shall|will|must)\s+first\s+offer\b|\bnegotiate\s+(?:\w+\s+){0,4}(?:exclusively|first)\b[^.;]{0,120}\b(?:before|prior\s+to)\b[^.;]{0,100}\bthird\s+part|\bnegotiate\s+(?:in\s+good\s+faith\s+)?exclusively\s+(?:and\s+in\s+good\s+faith\s+)?with\b|\b(?:shall|will|must)\s+first\s+notify\b[^.;]{0,200}\bnegotiat\w*|\bon\s+(?:the\s+)?(?:same|substantially\s+(?:the\s+same|equivalent|similar)|equivalent|identical)\s+terms\b[^.;]{0,80}\b(?:(?:such|the|any|that)\s+(?:third[-\s]party\s+)?offer|offered\s+by\s+(?:such|the|any|a)\s+third|third[-\s]part(?:y|ies)['’]?s?\s+(?:offer|proposal|bid))|\bon\s+terms\s+(?:substantially\s+)?(?:equivalent|identical|similar|no\s+less\s+favou?rable)\s+to\s+(?:those|the\s+terms)\b[^.;]{0,40}\b(?:offer|proposal|bid)/i
    ]
  },
  {
    name: "change of control",
    asks: /\bchange\s+(?:of|in)\s+(?:control|ownership)|\bmerger\b|\bacqui(?:red|sition|res)\b|\btakeover\b|\btaken\s+over\b/i,
    evidence: [
      /\bchange\s+(?:of|in)\s+(?:control|ownership)|\b(?:controlling\s+(?:shareholder|stockholder|member)|actual\s+controller)\b[^.;]{0,80}\bchang\w*|\bchange\b[^.;]{0,40}\b(?:of|in)\s+(?:the\s+)?(?:control|(?:legal\s+or\s+beneficial\s+)?ownership)\s+of\b|\b(?:merger|consolidation|reorgani[sz]ation|sale\s+of\s+(?:all\s+or\s+)?substantially\s+all|(?:is|be|becomes?)\s+acquired\s+by)\b[^.;]{0,200}\b(?:consent|terminat\w*|approv\w*|notice|notify|assum\w*|prohibit\w*|deemed\s+(?:to\s+be\s+)?an?\s+(?:assignment|transfer))|\b(?:acquires?|acquisition\s+of|obtains?|holds?)\b[^.;]{0,60}\b(?:(?:voting|outstanding|membership|partnership|equity)\s+(?:stock|shares|securities|equity|power|interests?|rights)|(?:controlling|majority)\s+(?:interest|stake)|majority\s+of\s+the\s+(?:shares|voting\s+rights|stock))\b[^.;]{0,200}\b(?:consent|terminat\w*|approv\w*|notice|notify|deemed\s+(?:to\s+be\s+)?an?\s+(?:assignment|transfer))|\b(?:merges?|consolidates?)\s+(?:into|with)\b[^.;]{0,200}\bdeemed\s+(?:to\s+be\s+)?an?\s+(?:assignment|transfer)|\b(?:consent|terminat\w*|approv\w*)\b[^.;]{0,200}\b(?:merger|consolidation|sale\s+of\s+(?:all\s+or\s+)?substantially\s+all|(?:is|be|becomes?)\s+acquired\s+by|(?:is|be|becomes?)\s+merged\s+(?:into|with)|sells?\s+(?:a\s+)?(?:majority|controlling\s+interest)\s+of\s+its\s+(?:voting\s+)?(?:stock|shares|equity)|by\s+operation\s+of\s+law)\b/i
    ]
  }
]
