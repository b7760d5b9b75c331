import type { ClauseType } from "./ClauseTypes.js"
import { deniedAhead } from "./DenialLeads.js"
import { eitherOf } from "./RegExpText.js"

const lic = "licen[cs]\\w*"
/** What a licence is a licence of: marks, names, software, technology, a system, content, patents. */
const ipWords =
  "(?:marks?|trade\\s*marks?|trade\\s+names?|service\\s+marks?|logos?|software|technology|system|content|materials|intellectual\\s+property|patents?|copyrights?|know-how)\\b"

/** Clauses about who owns, assigns, pays for or licenses what. In the order questions are matched (see `ClauseTypes`). */
const jointOwnershipDenied = eitherOf(
  /\bno\b[^.;]{0,60}\b(?:shall|will|is|are)\s+(?:be\s+)?(?:\w+\s+)?(?:jointly\s+owned|co-?owned)\b|\b(?:shall|will|is|are)\s+not\s+(?:be\s+)?(?:\w+\s+)?(?:jointly\s+owned|co-?owned)\b|\bno\s+joint\s+ownership\b/i,
  deniedAhead(String.raw`\bjoint(?:ly)?\s+(?:owned|ownership|owners?)\b|\bco-?own\w*`)
)

export const rightsClauses: ReadonlyArray<ClauseType> = [
  {
    name: "joint IP ownership",
    asks: /\bjoint\w*\b[^?]{0,40}\b(?:own\w*|ip|intellectual|inventions?)|\bco-?own\w*|\bshared?\s+ownership\b|\bowned\s+jointly\b|\b(?:own|owned|hold|held)\b[^?]{0,40}\btogether\b/i,
    evidence: [
      /\bjointly\s+(?:\w+\s+){0,2}own\w*|\bjoint(?:ly)?\s+(?:owned|ownership|property)|\bco-?own\w*|\bowned\s+(?:\w+\s+){0,3}jointly|\bshared\s+ownership|\bundivided\s+(?:[\w-]+\s+)?(?:interests?|shares?)|\bowned\s+(?:\w+\s+){0,4}(?:in\s+)?equal\s+(?:undivided\s+)?(?:shares|parts|interests)/i
    ],
    // "No Developed Materials shall be jointly owned", "will not be co-owned": ownership denied.
    unless: jointOwnershipDenied,
    negated: jointOwnershipDenied
  },
  {
    name: "IP ownership assignment",
    asks: /\b(?:intellectual\s+property|ip|inventions?|work\s+product|deliverables?|developments?|copyrights?|patents?|works?)\b[^?]{0,80}\b(?:assign\w*|own\w*|property\s+of|belong\w*|transfer\w*|vest\w*)|\b(?:assign\w*|own\w*|belong\w*|vest\w*)\b[^?]{0,60}\b(?:intellectual\s+property|ip|inventions?|work\s+product|deliverables?)\b|\bwork\s+(?:made\s+)?for\s+hire\b/i,
    evidence: [
      /\bhereby\s+(?:irrevocably\s+)?(?:assigns?|transfers?|conveys?)\b|\b(?:shall|will)\s+(?:be\s+(?:and\s+remain\s+)?|become\s+)(?:the\s+)?(?:sole\s+(?:and\s+exclusive\s+)?|exclusive\s+)?property\s+of|\bworks?\s+(?:made\s+)?for\s+hire\b|\b(?:shall|will|agrees?\s+to|undertakes?\s+to)\s+(?:(?:\w+\s+){1,2}(?:and|or)\s+)?(?:assign|transfer)\s+(?:\w+\s+){0,4}(?:right|rights|title|interest|ownership|share|all|any)\b|\btitle\b[^.;]{0,80}\b(?:shall|will)\s+(?:pass|vest|transfer)\s+to\b|\bshall\s+(?:vest|belong)\s+(?:\w+\s+){0,2}in\b|\bshall\s+be\s+owned\s+(?:\w+\s+){0,2}by\b|\b(?:title|ownership)\b[^.;]{0,80}\b(?:shall|will)\s+(?:automatically\s+)?revert\s+to\b|\b(?:necessary|required|needed)\s+to\s+(?:assign|transfer|perfect|vest)\b[^.;]{0,60}\b(?:ownership|title|rights?)\b/i,
      /\b(?:intellectual\s+property|inventions?|work\s+product|deliverables?|developments?|improvements?|modifications?|enhancements?|derivative\s+works?|copyrights?|patents?|trade\s*marks?|domains?|know-how|results|works\s+of\s+authorship|urls?)\b/i
    ],
    // "Nothing in this Agreement conveys to Customer any title to the Service Materials", "no title shall pass".
    negated:
      /\bnothing\s+(?:in|contained\s+in)\s+this\s+agreement\b[^.;]{0,40}\b(?:conveys?|transfers?|assigns?|vests?)\b[^.;]{0,60}\b(?:title|ownership)\b|\bno\s+(?:right,?\s+)?title\b[^.;]{0,60}\b(?:shall\s+|will\s+)?(?:pass(?:es)?|transfers?|vests?)\b/i
  },
  {
    name: "non-transferable licence",
    // The licence itself transferred or assigned: "Can the licensee assign this agreement?" asks about the agreement.
    asks: /\bnon-?transferr?able\b|\blicen[cs](?:e[sd]?|ing)\b[^?]{0,60}\btransfer\w*|\btransfer\w*\b[^?]{0,40}\blicen[cs](?:e[sd]?|ing)\b|\blicen[cs](?:e[sd]?|ing)\b[^?]{0,40}\bassign\w*|\bassign\w*\b[^?]{0,40}\blicen[cs](?:e[sd]?|ing)\b|\bsub-?licens\w*/i,
    evidence: [
      new RegExp(
        `\\bnon-?transferr?able\\b|\\bnot\\s+(?:be\\s+)?transferr?able\\b|\\bnon-?assignable\\b|\\bnon-?sublicens\\w*|\\b(?:${lic}|rights?\\s+(?:granted|licensed))\\b[^.;]{0,150}\\b(?:may\\s+not|shall\\s+not|cannot|will\\s+not)\\s+(?:be\\s+)?(?:\\w+\\s+){0,2}(?:assign\\w*|transferr?\\w*|sublicens\\w*)|\\b(?:may|shall|will)\\s+not\\s+(?:\\w+,?\\s+){0,4}(?:sublicens\\w*|transfer)\\b[^.;]{0,80}\\b(?:software|licensed|technology)\\b[^.;]{0,60}\\b(?:to\\s+any|third\\s+part)`,
        "i"
      )
    ]
  },
  {
    name: "anti-assignment",
    asks: /\bassign\w*|\btransfer\w*\s+(?:this|the|its)\s+(?:\w+\s+)?(?:agreement|contract|rights)|\bdelegat\w*|\b(?:agreement|contract)\s+(?:\w+\s+){0,3}(?:assign|transferr?)\w*/i,
    evidence: [
      /\b(?:not|no|neither)\b[^.;]{0,120}\b(?:assign\w*|transfer\w*|delegat\w*)\b|\b(?:not|no|neither)\b[^.;]{0,80}\b(?:sell|pledge|encumber|hypothecate|dispose\s+of)\b[^.;]{0,60}\b(?:this|the)\s+(?:agreement|contract)\b|\b(?:assign\w*|transfer\w*|delegat\w*)\b[^.;]{0,200}\b(?:without\s+(?:the\s+)?(?:prior\s+)?(?:express\s+)?(?:written\s+)?(?:consent|approval|permission)|(?:consent|approval)\s+of|null\s+and\s+void|notice\s+to\s+the\s+other|(?:upon|with|after|by|on)\s+(?:\w+\s+){0,3}notice\s+to\b)/i,
      // Assigning or delegating, or transferring the contract itself or a party's rights or duties under it (a
      // transfer of title to goods is no assignment).
      /\b(?:assign|delegat)\w*|\b(?:transfer\w*|pledge|encumber|dispose)\s+(?:of\s+)?(?:this|the)\s+(?:agreement|contract)\b|\b(?:agreement|contract|rights|obligations|duties)\s+(?:\w+\s+){0,4}(?:(?:are|is)\s+personal|may\s+not\s+be\s+transferred|(?:shall|will)\s+not\s+be\s+transferred|(?:are|is)\s+not\s+(?:assignable|transferable))\b/i
    ]
  },
  {
    name: "revenue or profit sharing",
    asks: /\b(?:revenues?|profits?|royalt\w*|commissions?|income|proceeds|earnings)\b[^?]{0,40}\bshar\w*|\bshar\w*\b[^?]{0,40}\b(?:revenues?|profits?|royalt\w*|income|proceeds|earnings)|\broyalt\w*|\bcommissions?\b/i,
    evidence: [
      /\b(?:royalt(?:y|ies)|commissions?|revenue\s+share|profit\s+share)\b[^.;]{0,150}(?:%|percent|\bof\s+(?:the\s+|all\s+|its\s+)?(?:net|gross|total)|revenues?|sales|receipts)|(?:\d+(?:\.\d+)?\s*%|\*+\s*%|percent(?:age)?)\)?\s+(?:\(\d+(?:\.\d+)?\s*%\)\s+)?(?:\w+\s+){0,5}(?:of\s+(?:the\s+|all\s+|its\s+)?)?(?:net\s+|gross\s+|total\s+)?(?:\w+\s+){0,2}(?:revenues?|sales|profits?|receipts|income|proceeds|turnover|billings|collections|amounts?\s+(?:received|collected))|\b(?:royalt(?:y|ies)|commissions?)\b[^.;]{0,100}\bper\s+(?:unit|copy|item|product|ton|tonne|barrel|licen[cs]e|subscriber|user|sale)\b|\bprofit\s+participation\b|\bshare\s+of\s+(?:the\s+)?(?:\w+\s+)?(?:revenues?|profits?|proceeds|income)\b|\b(?:revenues?|profits?|proceeds|economic\s+rights)\b[^.;]{0,80}\b(?:shared|split|divided|distributed)\b|\b(?:share|split|divide)\s+(?:\w+\s+){0,4}(?:revenues?|profits?|proceeds)/i,
      // …paid, shared or retained: a percentage of revenue that only describes something ("a business with 20% of
      // its revenues from food") is no sharing.
      /\b(?:pay\w*|remit\w*|shar\w*|split|retain\w*|receiv\w*|entitled|distribut\w*|royalt\w*|commissions?|fees?|compensat\w*|earn\w*|owe[sd]?|due|price|consideration|margin)\b/i
    ],
    // "[***] percent of the remaining Minimum Revenue Commitment": a commitment to buy, not revenue shared.
    ignore: /\b(?:minimum\s+)?(?:annual\s+)?revenue\s+commitments?\b/gi,
    // "Developer shall have no right to any royalty, commission, share of revenue or profits": none is shared.
    negated: deniedAhead(
      String.raw`\b(?:royalt(?:y|ies)|commissions?|(?:revenue|profit)\s+shar\w*|share\s+of\s+(?:the\s+)?(?:\w+\s+)?(?:revenues?|profits?|proceeds|income))\b`
    )
  },
  {
    name: "volume restriction",
    // "cap" as a word: "Can affiliates use the capacity?" asks nothing about volume.
    asks: /\b(?:volume|usage|use|quantit\w*)\b[^?]{0,50}\b(?:restrict\w*|limit\w*|threshold|caps?\b|exceed\w*)|\b(?:limit\w*|restrict\w*|caps?|threshold)\b[^?]{0,30}\b(?:usage|use|volume|quantit\w*)\b|\b(?:exceed\w*|above|over)\b[^?]{0,40}\b(?:threshold|usage|volume|limit|quota|forecast)/i,
    evidence: [
      /\b(?:up\s+to|(?:no|not)\s+more\s+than)\s+(?:a\s+maximum\s+of\s+)?(?:[\w-]+\s+)?\(?\d[\d,]*\)?\s+(?:\w+\s+){0,2}(?:users?|servers?|copies|seats?|installations?|devices?|sites?|locations?|weeks?|workstations?|computers?|machines?|processors?|cpus?)|\b(?:usage|use|volume|transactions?|users?|quantit\w*)\b[^.;]{0,40}\bexceed\w*\b[^.;]{0,120}\b(?:additional|extra|excess|overage|increased?)\s+(?:(?:usage|use|volume|user|seat)\s+)?(?:fees?|charges?|rates?|prices?)|\boverage\s+(?:fees?|charges?)|\b(?:exceed\w*|in\s+excess\s+of)\s+(?:[\w%().,-]+\s+){0,10}(?:forecast|threshold|allotment|quota|capacity|maximum)|\bmaximum\s+(?:number|quantity|volume)\s+of|\bpermissible\s+(?:\+\/-|deviation)|\bexceed\w*\b[^.;]{0,120}\b(?:invoice|charge|bill)\w*\s+(?:\w+\s+){0,3}(?:excess|overage|additional)\b|\b(?:no|not)\s+(?:order\s+|purchase\s+|buy\s+)?more\s+than\s+(?:[\w-]+\s+)?\(?\d[\d,]*\)?\s+(?:\w+\s+){0,2}(?:units?|orders?|products?|items?|pieces|cases|tons?)\b[^.;]{0,60}\b(?:per|in\s+any|each)\s+(?:\w+\s+)?(?:month|week|quarter|year|day)\b|\bnot\s+be\s+(?:obligated|required|obliged)\s+to\s+(?:\w+\s+){0,2}(?:sell|process|accept|supply|deliver|provide|ship|fill|manufacture|produce)\w*\b[^.;]{0,80}?\bmore\s+than\s+(?:[\w-]+\s+){0,6}\(?\d/i
    ]
  },
  {
    name: "price restrictions",
    asks: /\b(?:prices?|pricing|rates?|fees?)\b[^?]{0,50}\b(?:restrict\w*|limit\w*|increase\w*|decrease\w*|rais\w*|lower\w*|reduc\w*|chang\w*|adjust\w*|fixed|caps?|capped)\b|\b(?:restrict\w*|limit\w*|rais\w*|lower\w*|cap)\b[^?]{0,50}\b(?:prices?|pricing)\b|\b(?:increase|rais|lower|reduc|chang)\w*\s+(?:\w+\s+)?(?:prices?|pricing|rates?|fees?)\b/i,
    evidence: [
      /\b(?:prices?|pricing|rates?|fees?)\b[^.;]{0,100}\b(?:shall\s+not\s+(?:be\s+)?(?:increased?|exceed|changed?|raised?)|not\s+to\s+exceed|(?:fixed|firm)\s+(?:for|during|until|through)|may\s+not\s+(?:be\s+)?(?:increased?|raised?|changed?)|no\s+(?:price\s+)?increases?)|\b(?:increase|adjustment|adjust)\w*\s+(?:\w+\s+){0,6}(?:prices?|pricing|fees?|rates?)\b[^.;]{0,80}\b(?:not\s+(?:to\s+)?exceed|no\s+more\s+than|limited\s+to|more\s+than\s+once)|\badjustments?\b[^.;]{0,60}\bnot\s+to\s+exceed\b|\b(?:minimum|maximum)\s+resale\s+prices?\b|\b(?:shall|will|may)\s+not\s+(?:increase|raise|change|reduce|lower|decrease)\s+(?:\w+\s+){0,3}(?:prices?|pricing|rates?|fees?)\b|\b(?:sell|resell|offer)\b[^.;]{0,60}\b(?:below|above)\s+(?:the\s+)?(?:\w+\s+){0,2}prices?\b|\b(?:shall|will|may)\s+not\s+(?:increase|raise)\s+(?:the\s+|its\s+|any\s+)?(?:charges?|prices?|rates?|fees?)\b|\b(?:any\s+(?:such\s+)?|each\s+)(?:increase|adjustment)s?\b[^.;]{0,60}\b(?:shall|will|may)\s+not\s+exceed\b|\bin\s+no\s+event\s+shall\s+(?:any\s+)?(?:\w+\s+){0,2}(?:increase|adjustment)\b[^.;]{0,40}\b(?:exceed|be\s+greater|be\s+more)\b/i
    ]
  },
  {
    name: "minimum commitment",
    asks: /\bminimum\b|\btake[-\s]or[-\s]pay\b/i,
    evidence: [
      /\bminimum\s+(?:annual\s+|monthly\s+|quarterly\s+|yearly\s+)?(?:purchase|order|quantit\w*|volume|commitment|amount|number|units?|sales|revenue|royalt\w*|fees?|payments?|spend|requirements?)|\btake[-\s]or[-\s]pay\b|\b(?:shall|will|must|agrees?\s+to|undertakes?\s+to|commits?\s+to|is\s+obligated\s+to)\s+(?:\w+\s+)?(?:purchase|order|buy|sell|procure)\b(?:\s+\w+){0,3}?\s+(?:a\s+)?(?:no\s+less|not\s+less|no\s+fewer|not\s+fewer|at\s+least|a\s+minimum)|\bless\s+than\b[^.;]{0,120}\bpay\b[^.;]{0,40}\b(?:difference|shortfall|deficiency)\b|\b(?:purchase|order|buy|sell|commits?\s+to\s+\w+)\s+(?:\w+\s+){0,2}minimum\s+of\b|\bminimum\s+of\s+(?:\$|\d|[\w-]+\s+\(\d)[^.;]{0,40}\b(?:units?|products?|orders?|shares?|purchases?|tons?|barrels?|pieces|cases|per\s+(?:year|month|quarter|week))\b|\b(?:shall|will|must|agrees?\s+to)\s+(?:purchase|order|buy|procure)\b(?:(?!\b(?:at|for)\s+(?:a|the)\s+(?:unit\s+|per[-\s]unit\s+)?price\b)[^.;]){0,140}?\b(?:no|not)\s+(?:less|fewer)\s+than\s+(?:\$|US\$|[\w-]+\s+(?:thousand|million|hundred)|[\w-]+\s+\(|\d)|\b(?:royalt\w*|fees?|payments?|purchases?|sales)\b[^.;]{0,80}\b(?:for|in)\s+(?:each|any|every)\s+(?:\w+\s+){0,2}(?:year|quarter|month)\b[^.;]{0,40}\b(?:shall|will)\s+(?:be\s+)?(?:not|no)\s+less\s+than\b|\b(?:achieve|attain|generate|maintain|meet)\s+(?:\w+\s+){0,3}(?:sales|revenues?|purchases?)\s+(?:\w+\s+){0,3}of\s+(?:not|no)\s+less\s+than\b/i
    ],
    // "Sponsor makes no commitment to … purchase any minimum amount": there is none.
    negated: deniedAhead(
      String.raw`\bminimum\b|\b(?:purchase|buy|order)\s+(?:\w+\s+){0,3}(?:quantit\w*|volume|amount)\b`
    )
  },
  {
    name: "affiliate licence (licensor)",
    asks: /\baffiliat\w*\b[^?]{0,60}\blicensor|\blicensor'?s?\s+affiliat\w*/i,
    evidence: [
      /\b(?:licensor|grantor)\s+(?:and|or)\s+(?:its|their)\s+affiliates\b[^.;]{0,80}\b(?:grant|licen[cs]\w*)|\b(?:owned|controlled|licensable)\s+by\s+(?:the\s+)?(?:licensor|grantor)\s+(?:and|or)\s+(?:any\s+of\s+)?its\s+affiliates\b|\bon\s+behalf\s+of\s+itself\s+and\s+(?:each\s+of\s+)?its\s+affiliates\b[^.;]{0,80}\b(?:grants?|licen[cs]\w*)|\blicen[cs]e\s+(?:\w+\s+){0,3}(?:under|to|in)\s+(?:\w+\s+){0,4}(?:owned|controlled|licensable)\s+by\s+(?:the\s+)?\w+\s+(?:and|or)\s+(?:any\s+of\s+)?its\s+affiliates\b/i
    ]
  },
  {
    name: "affiliate licence (licensee)",
    asks: /\baffiliat\w*\b[^?]{0,60}\blicen[cs]\w*|\blicensee'?s?\s+affiliat\w*|\blicen[cs]\w*\s+to\s+(?:\w+\s+){0,3}affiliat\w*|\blicen[cs]\w*\b[^?]{0,40}\b(?:affiliat|subsidiar)\w*|\b(?:affiliat|subsidiar)\w*\b[^?]{0,40}\blicen[cs]\w*/i,
    evidence: [
      new RegExp(
        `\\bgrants?\\s+to\\s+(?:\\w+\\s+){1,3}(?:and|or)\\s+(?:its|their)\\s+affiliates\\b[^.;]{0,120}\\b${lic}|\\b${lic}\\b[^.;]{0,150}\\bto\\s+(?:\\w+\\s+){0,3}(?:and|or)\\s+(?:its|their)\\s+affiliates\\b|\\b(?:and|or)\\s+(?:its|their)\\s+affiliates\\b[^.;]{0,60}\\b(?:may\\s+use|right\\s+to\\s+use|sublicen[cs]\\w*|${lic})|\\b(?:sub)?licen[cs](?:e|es|ed|ing)\\b[^.;]{0,100}\\b(?:to|extend\\w*\\s+to)\\s+(?:any\\s+of\\s+)?(?:its|their|licensee'?s?|the\\s+licensee'?s?)\\s+(?:affiliates|subsidiaries)\\b|\\b(?:permit|allow|authori[sz]e)\\w*\\s+(?:any\\s+of\\s+)?(?:its|their)\\s+(?:affiliates|subsidiaries)\\s+to\\s+(?:use|exercise|access|sublicen[cs]\\w*)\\b[^.;]{0,100}\\b(?:${lic}|rights?\\s+granted)|\\bextend\\s+(?:the\\s+)?(?:\\w+\\s+){0,2}(?:rights?|${lic})\\s+(?:granted\\s+)?(?:\\w+\\s+){0,2}to\\s+(?:any\\s+of\\s+)?(?:its|their)\\s+(?:affiliates|subsidiaries)\\b`,
        "i"
      )
    ]
  },
  {
    name: "unlimited licence",
    asks: /\bunlimited\b[^?]{0,40}\b(?:licen[cs]\w*|usage|use|access|users?)\b|\ball[-\s]you[-\s]can[-\s]eat\b|\benterprise[-\s](?:wide|licen[cs]e)|\bsite\s+licen[cs]e|\bsite[-\s]wide\b/i,
    evidence: [
      /\bunlimited\s+(?:\w+\s+){0,2}(?:use|usage|access|number|copies|licen[cs]\w*|users?|seats?)|\ball[-\s]you[-\s]can[-\s]eat\b|\benterprise[-\s](?:wide\s+)?licen[cs]e|\bsite\s+licen[cs]e|\benterprise[-\s]wide\s+(?:right|use|access|basis)\b|\b(?:make|install|reproduce|deploy|run|use)\s+as\s+many\s+(?:copies|installations|instances)\b|\bwithout\s+(?:any\s+)?(?:limit\w*|restriction)\s+(?:on|as\s+to)\s+the\s+number\s+of\s+(?:users|copies|seats|installations|devices|instances)\b/i
    ]
  },
  {
    name: "irrevocable or perpetual licence",
    asks: /\birrevocabl\w*|\bperpetual\w*|\bnever\s+expir\w*|\b(?:cannot|can't|not)\s+be\s+revoked\b|\bforever\b|\bin\s+perpetuity\b/i,
    evidence: [
      new RegExp(
        `\\b(?:irrevocabl\\w*|perpetu\\w*)\\b[^.;]{0,120}\\b${lic}|\\b${lic}\\b[^.;]{0,120}\\b(?:irrevocabl\\w*|perpetu\\w*|non-?revocable|(?:may|shall|can)\\s*not\\s+be\\s+revoked)`,
        "i"
      )
    ],
    // "Nothing in this Agreement shall be construed to grant any perpetual or irrevocable license".
    negated: deniedAhead(String.raw`\b(?:perpetu\w*|irrevocabl\w*)\b`)
  },
  {
    name: "licence grant",
    asks: /\blicen[cs]\w*/i,
    evidence: [
      new RegExp(
        `\\bgrants?\\b[^.;]{0,120}\\b(?:${lic}|sublicen[cs]\\w*|right\\s+to\\s+use)\\b|\\b${lic}\\s+(?:is\\s+|are\\s+)?(?:hereby\\s+)?granted\\b|\\bis\\s+(?:hereby\\s+)?licensed\\b|\\bhereby\\s+licen[cs]es\\b|\\b(?:is|are)\\s+(?:hereby\\s+)?authori[sz]ed\\s+to\\s+(?:use|reproduce|distribute|copy|display|perform|exploit|sublicense)\\b|\\b(?:licensor|owner|company|it)\\s+(?:hereby\\s+)?licen[cs]es\\s+to\\b|\\b(?:authori[sz]es?|permits?|grants?)\\b[^.;]{0,80}\\bto\\s+use\\b[^.;]{0,100}\\b${ipWords}|\\bgrants?\\b[^.;]{0,120}\\b(?:subscription|franchise|permission|right\\s+to\\s+(?:access|reproduce|display|perform|make|copy|modify|exploit|publish|operate|manufacture))\\b|\\bgrants?\\b[^.;]{0,150}\\bright\\b[^.;]{0,100}\\b(?:using|use\\s+of)\\s+(?:the\\s+)?(?:\\w+\\s+){0,4}${ipWords}|\\bgrants?\\b[^.;]{0,80}\\bright\\s+to\\s+(?:distribute|sublicense|install|resell)\\s+(?:the\\s+)?(?:\\w+\\s+){0,3}${ipWords}|\\bsubject\\s+to\\s+(?:the\\s+)?(?:terms|conditions)\\b[^.;]{0,80}\\bmay\\s+(?:access\\s+and\\s+)?use\\s+(?:the\\s+)?(?:\\w+\\s+){0,2}(?:platform|software|services?\\b(?!\\s+of\\b)|${ipWords})`,
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
    evidence: [
      /\bsource\s+(?:code|materials)\b[^.;]{0,150}\bescrow\w*|\bescrow\w*\b[^.;]{0,150}\bsource\s+(?:code|materials)\b|\bdeposit\w*\s+(?:\w+\s+){0,3}source\s+(?:code|materials)\b[^.;]{0,150}\breleas\w*/i
    ],
    // "Licensor shall not be required to deposit the source code with any escrow agent".
    negated: eitherOf(
      deniedAhead(String.raw`\bescrow\w*|\bsource\s+code\b`),
      /\b(?:not|no)\s+(?:\w+\s+){0,3}(?:required|obliged|obligated)\s+to\s+(?:\w+\s+){0,3}deposit\b[^.;]{0,80}\bescrow\w*/i
    )
  }
]
