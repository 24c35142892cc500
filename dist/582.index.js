export const id = 582;
export const ids = [582,538];
export const modules = {

/***/ 8550:
/***/ ((module) => {


module.exports = function (arr, predicate, ctx) {
	if (typeof Array.prototype.findIndex === 'function') {
		return arr.findIndex(predicate, ctx);
	}

	if (typeof predicate !== 'function') {
		throw new TypeError('predicate must be a function');
	}

	var list = Object(arr);
	var len = list.length;

	if (len === 0) {
		return -1;
	}

	for (var i = 0; i < len; i++) {
		if (predicate.call(ctx, list[i], i, list)) {
			return i;
		}
	}

	return -1;
};


/***/ }),

/***/ 7369:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {

var arrayFindIndex = __webpack_require__(8550)
var parse = __webpack_require__(3326)

var ranges = __webpack_require__(9344)

var notALicenseIdentifier = ' is not a simple license identifier'

var rangeComparison = function (comparison) {
  return function (first, second) {
    var firstAST = parse(first)
    if (!firstAST.hasOwnProperty('license')) {
      throw new Error('"' + first + '"' + notALicenseIdentifier)
    }
    var secondAST = parse(second)
    if (!secondAST.hasOwnProperty('license')) {
      throw new Error('"' + second + '"' + notALicenseIdentifier)
    }
    return ranges.some(function (range) {
      var firstLicense = firstAST.license
      var indexOfFirst = arrayFindIndex(range, function (element) {
        return (
          element === firstLicense ||
          (
            Array.isArray(element) &&
            element.indexOf(firstLicense) !== -1
          )
        )
      })
      if (indexOfFirst < 0) {
        return false
      }
      var secondLicense = secondAST.license
      var indexOfSecond = arrayFindIndex(range, function (element) {
        return (
          element === secondLicense ||
          (
            Array.isArray(element) &&
            element.indexOf(secondLicense) !== -1
          )
        )
      })
      if (indexOfSecond < 0) {
        return false
      }
      return comparison(indexOfFirst, indexOfSecond)
    })
  }
}

exports.gt = rangeComparison(function (first, second) {
  return first > second
})

exports.lt = rangeComparison(function (first, second) {
  return first < second
})

exports.eq = rangeComparison(function (first, second) {
  return first === second
})


/***/ }),

/***/ 3326:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



var scan = __webpack_require__(6849)
var parse = __webpack_require__(5501)

module.exports = function (source) {
  return parse(scan(source))
}


/***/ }),

/***/ 5501:
/***/ ((module) => {



// The ABNF grammar in the spec is totally ambiguous.
//
// This parser follows the operator precedence defined in the
// `Order of Precedence and Parentheses` section.

module.exports = function (tokens) {
  var index = 0

  function hasMore () {
    return index < tokens.length
  }

  function token () {
    return hasMore() ? tokens[index] : null
  }

  function next () {
    if (!hasMore()) {
      throw new Error()
    }
    index++
  }

  function parseOperator (operator) {
    var t = token()
    if (t && t.type === 'OPERATOR' && operator === t.string) {
      next()
      return t.string
    }
  }

  function parseWith () {
    if (parseOperator('WITH')) {
      var t = token()
      if (t && t.type === 'EXCEPTION') {
        next()
        return t.string
      }
      throw new Error('Expected exception after `WITH`')
    }
  }

  function parseLicenseRef () {
    // TODO: Actually, everything is concatenated into one string
    // for backward-compatibility but it could be better to return
    // a nice structure.
    var begin = index
    var string = ''
    var t = token()
    if (t.type === 'DOCUMENTREF') {
      next()
      string += 'DocumentRef-' + t.string + ':'
      if (!parseOperator(':')) {
        throw new Error('Expected `:` after `DocumentRef-...`')
      }
    }
    t = token()
    if (t.type === 'LICENSEREF') {
      next()
      string += 'LicenseRef-' + t.string
      return { license: string }
    }
    index = begin
  }

  function parseLicense () {
    var t = token()
    if (t && t.type === 'LICENSE') {
      next()
      var node = { license: t.string }
      if (parseOperator('+')) {
        node.plus = true
      }
      var exception = parseWith()
      if (exception) {
        node.exception = exception
      }
      return node
    }
  }

  function parseParenthesizedExpression () {
    var left = parseOperator('(')
    if (!left) {
      return
    }

    var expr = parseExpression()

    if (!parseOperator(')')) {
      throw new Error('Expected `)`')
    }

    return expr
  }

  function parseAtom () {
    return (
      parseParenthesizedExpression() ||
      parseLicenseRef() ||
      parseLicense()
    )
  }

  function makeBinaryOpParser (operator, nextParser) {
    return function parseBinaryOp () {
      var left = nextParser()
      if (!left) {
        return
      }

      if (!parseOperator(operator)) {
        return left
      }

      var right = parseBinaryOp()
      if (!right) {
        throw new Error('Expected expression')
      }
      return {
        left: left,
        conjunction: operator.toLowerCase(),
        right: right
      }
    }
  }

  var parseAnd = makeBinaryOpParser('AND', parseAtom)
  var parseExpression = makeBinaryOpParser('OR', parseAnd)

  var node = parseExpression()
  if (!node || hasMore()) {
    throw new Error('Syntax error')
  }
  return node
}


/***/ }),

/***/ 6849:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {



var licenses = []
  .concat(__webpack_require__(5204))
  .concat(__webpack_require__(3389))
var exceptions = __webpack_require__(3988)

module.exports = function (source) {
  var index = 0

  function hasMore () {
    return index < source.length
  }

  // `value` can be a regexp or a string.
  // If it is recognized, the matching source string is returned and
  // the index is incremented. Otherwise `undefined` is returned.
  function read (value) {
    if (value instanceof RegExp) {
      var chars = source.slice(index)
      var match = chars.match(value)
      if (match) {
        index += match[0].length
        return match[0]
      }
    } else {
      if (source.indexOf(value, index) === index) {
        index += value.length
        return value
      }
    }
  }

  function skipWhitespace () {
    read(/[ ]*/)
  }

  function operator () {
    var string
    var possibilities = ['WITH', 'AND', 'OR', '(', ')', ':', '+']
    for (var i = 0; i < possibilities.length; i++) {
      string = read(possibilities[i])
      if (string) {
        break
      }
    }

    if (string === '+' && index > 1 && source[index - 2] === ' ') {
      throw new Error('Space before `+`')
    }

    return string && {
      type: 'OPERATOR',
      string: string
    }
  }

  function idstring () {
    return read(/[A-Za-z0-9-.]+/)
  }

  function expectIdstring () {
    var string = idstring()
    if (!string) {
      throw new Error('Expected idstring at offset ' + index)
    }
    return string
  }

  function documentRef () {
    if (read('DocumentRef-')) {
      var string = expectIdstring()
      return { type: 'DOCUMENTREF', string: string }
    }
  }

  function licenseRef () {
    if (read('LicenseRef-')) {
      var string = expectIdstring()
      return { type: 'LICENSEREF', string: string }
    }
  }

  function identifier () {
    var begin = index
    var string = idstring()

    if (licenses.indexOf(string) !== -1) {
      return {
        type: 'LICENSE',
        string: string
      }
    } else if (exceptions.indexOf(string) !== -1) {
      return {
        type: 'EXCEPTION',
        string: string
      }
    }

    index = begin
  }

  // Tries to read the next token. Returns `undefined` if no token is
  // recognized.
  function parseToken () {
    // Ordering matters
    return (
      operator() ||
      documentRef() ||
      licenseRef() ||
      identifier()
    )
  }

  var tokens = []
  while (hasMore()) {
    skipWhitespace()
    if (!hasMore()) {
      break
    }

    var token = parseToken()
    if (!token) {
      throw new Error('Unexpected `' + source[index] +
                      '` at offset ' + index)
    }

    tokens.push(token)
  }
  return tokens
}


/***/ }),

/***/ 5131:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

var compare = __webpack_require__(7369)
var parse = __webpack_require__(3326)
var ranges = __webpack_require__(9344)

function rangesAreCompatible (first, second) {
  return (
    first.license === second.license ||
    ranges.some(function (range) {
      return (
        licenseInRange(first.license, range) &&
        licenseInRange(second.license, range)
      )
    })
  )
}

function licenseInRange (license, range) {
  return (
    range.indexOf(license) !== -1 ||
    range.some(function (element) {
      return (
        Array.isArray(element) &&
        element.indexOf(license) !== -1
      )
    })
  )
}

function identifierInRange (identifier, range) {
  return (
    identifier.license === range.license ||
    compare.gt(identifier.license, range.license) ||
    compare.eq(identifier.license, range.license)
  )
}

function licensesAreCompatible (first, second) {
  if (first.exception !== second.exception) {
    return false
  } else if (second.hasOwnProperty('license')) {
    if (second.hasOwnProperty('plus')) {
      if (first.hasOwnProperty('plus')) {
        // first+, second+
        return rangesAreCompatible(first, second)
      } else {
        // first, second+
        return identifierInRange(first, second)
      }
    } else {
      if (first.hasOwnProperty('plus')) {
        // first+, second
        return identifierInRange(second, first)
      } else {
        // first, second
        return first.license === second.license
      }
    }
  }
}

function replaceGPLOnlyOrLaterWithRanges (argument) {
  var license = argument.license
  if (license) {
    if (endsWith(license, '-or-later')) {
      argument.license = license.replace('-or-later', '')
      argument.plus = true
    } else if (endsWith(license, '-only')) {
      argument.license = license.replace('-only', '')
      delete argument.plus
    }
  } else if (argument.left && argument.right) {
    argument.left = replaceGPLOnlyOrLaterWithRanges(argument.left)
    argument.right = replaceGPLOnlyOrLaterWithRanges(argument.right)
  }
  return argument
}

function endsWith (string, substring) {
  return string.indexOf(substring) === string.length - substring.length
}

function licenseString (e) {
  if (e.hasOwnProperty('noassertion')) return 'NOASSERTION'
  if (e.license) {
    return (
      e.license +
      (e.plus ? '+' : '') +
      (e.exception ? ('WITH ' + e.exception) : '')
    )
  }
}

// Expand the given expression into an equivalent array where each member is an array of licenses AND'd
// together and the members are OR'd together. For example, `(MIT OR ISC) AND GPL-3.0` expands to
// `[[GPL-3.0 AND MIT], [ISC AND MIT]]`. Note that within each array of licenses, the entries are
// normalized (sorted) by license name.
function expand (expression) {
  return sort(expandInner(expression))
}

function expandInner (expression) {
  if (!expression.conjunction) return [{ [licenseString(expression)]: expression }]
  if (expression.conjunction === 'or') return expandInner(expression.left).concat(expandInner(expression.right))
  if (expression.conjunction === 'and') {
    var left = expandInner(expression.left)
    var right = expandInner(expression.right)
    return left.reduce(function (result, l) {
      right.forEach(function (r) { result.push(Object.assign({}, l, r)) })
      return result
    }, [])
  }
}

function sort (licenseList) {
  var sortedLicenseLists = licenseList
    .filter(function (e) { return Object.keys(e).length })
    .map(function (e) { return Object.keys(e).sort() })
  return sortedLicenseLists.map(function (list, i) {
    return list.map(function (license) { return licenseList[i][license] })
  })
}

function isANDCompatible (parsedExpression, parsedLicenses) {
  return parsedExpression.every(function (element) {
    return parsedLicenses.some(function (approvedLicense) {
      return licensesAreCompatible(element, approvedLicense)
    })
  })
}

function satisfies (spdxExpression, arrayOfLicenses) {
  var parsedExpression = expand(replaceGPLOnlyOrLaterWithRanges(parse(spdxExpression)))
  var parsedLicenses = arrayOfLicenses.map(function (l) { return replaceGPLOnlyOrLaterWithRanges(parse(l)) })
  for (const parsed of parsedLicenses) {
    if (parsed.hasOwnProperty('conjunction')) {
      throw new Error('Approved licenses cannot be AND or OR expressions.')
    }
  }
  return parsedExpression.some(function (o) { return isANDCompatible(o, parsedLicenses) })
}

module.exports = satisfies


/***/ }),

/***/ 2538:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CURRENT: () => (/* binding */ CURRENT),
/* harmony export */   licenseIdProblem: () => (/* binding */ licenseIdProblem)
/* harmony export */ });
/* harmony import */ var spdx_license_ids_index_json__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5204);
// The current SPDX license list, for checking allow-licenses and deny-licenses: data only, so the
// input check loads no SPDX parsing code (that comes with the license policy, once it is needed).

const CURRENT = new Set(spdx_license_ids_index_json__WEBPACK_IMPORTED_MODULE_0__);
/** An allow/deny entry: an id of the current SPDX list or a LicenseRef; null when it is one, else why not. */
function licenseIdProblem(id) {
    if (CURRENT.has(id) || /^LicenseRef-[A-Za-z0-9.-]+$/.test(id))
        return null;
    const near = [...CURRENT].find((known) => known.toLowerCase() === id.toLowerCase());
    if (near)
        return `"${id}" is not an SPDX license id as written; did you mean ${near}?`;
    if (/\s(AND|OR|WITH)\s/i.test(id))
        return `"${id}" is an expression; list SPDX license ids one by one.`;
    return `"${id}" is not an id of the current SPDX license list (https://spdx.org/licenses/) nor a LicenseRef-…`;
}


/***/ }),

/***/ 9582:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  evaluateLicenses: () => (/* binding */ evaluateLicenses),
  licenseExpression: () => (/* binding */ licenseExpression),
  licensePolicy: () => (/* binding */ licensePolicy)
});

// EXTERNAL MODULE: ./node_modules/spdx-expression-parse/index.js
var spdx_expression_parse = __webpack_require__(3326);
var spdx_expression_parse_default = /*#__PURE__*/__webpack_require__.n(spdx_expression_parse);
// EXTERNAL MODULE: ./node_modules/spdx-satisfies/index.js
var spdx_satisfies = __webpack_require__(5131);
var spdx_satisfies_default = /*#__PURE__*/__webpack_require__.n(spdx_satisfies);
// EXTERNAL MODULE: ./src/packages/locations.ts
var locations = __webpack_require__(1305);
// EXTERNAL MODULE: ./src/policy/license-ids.ts
var license_ids = __webpack_require__(2538);
// EXTERNAL MODULE: ./node_modules/spdx-license-ids/deprecated.json
var deprecated = __webpack_require__(3389);
// EXTERNAL MODULE: ./node_modules/spdx-exceptions/index.json
var spdx_exceptions = __webpack_require__(3988);
;// CONCATENATED MODULE: ./node_modules/spdx-exceptions/deprecated.json
const spdx_exceptions_deprecated_namespaceObject = /*#__PURE__*/JSON.parse('["Nokia-Qt-exception-1.1"]');
;// CONCATENATED MODULE: ./src/policy/licenses.ts
// The license policy (contract: "License policy"): which packages' licenses violate allow-licenses
// or deny-licenses, and which are unknown. Pure. SPDX parsing and satisfaction come from the
// well-kept spdx-* packages; this module only decides what the contract's rules mean with them.







/** The license expression of an entry: its id when valid SPDX, else its name when that is, else null (unknown). */
function licenseExpression(entry) {
    for (const candidate of [entry.id, entry.name]) {
        const text = candidate?.trim();
        if (!text || /^(NOASSERTION|NONE)$/i.test(text))
            continue;
        const expression = canonical(text);
        if (parsed(expression) !== null)
            return expression;
    }
    return null;
}
// SPDX ids and operators match case-insensitively (SPDX spec, annex D); the parser does not, so
// `gpl-3.0-only` from a service must not read as unknown and slip past a deny list.
const CANONICAL = new Map([...license_ids.CURRENT, ...deprecated, ...spdx_exceptions, ...spdx_exceptions_deprecated_namespaceObject].map((id) => [id.toLowerCase(), id]));
/** The expression with its ids and operators as SPDX writes them (LicenseRef-… as given). */
function canonical(text) {
    return text.replace(/[A-Za-z0-9][A-Za-z0-9.+-]*/g, (word) => {
        const lower = word.toLowerCase();
        if (lower === 'and' || lower === 'or' || lower === 'with')
            return lower.toUpperCase();
        const plus = lower.endsWith('+') && !CANONICAL.has(lower);
        const id = CANONICAL.get(plus ? lower.slice(0, -1) : lower);
        return id === undefined ? word : `${id}${plus ? '+' : ''}`;
    });
}
function parsed(expression) {
    try {
        return spdx_expression_parse_default()(expression);
    }
    catch {
        return null;
    }
}
/** The expression as text again, exceptions left out: an exception only adds permissions. */
function withoutExceptions(node) {
    if ('license' in node)
        return `${node.license}${node.plus ? '+' : ''}`;
    return `(${withoutExceptions(node.left)} ${node.conjunction.toUpperCase()} ${withoutExceptions(node.right)})`;
}
/** Every way of satisfying the expression: a list of licenses all of which are needed, per way. */
function waysOf(node, limit = 256) {
    if ('license' in node)
        return [[node]];
    const left = waysOf(node.left, limit);
    const right = waysOf(node.right, limit);
    if (node.conjunction === 'or')
        return [...left, ...right].slice(0, limit);
    return left.flatMap((l) => right.map((r) => [...l, ...r])).slice(0, limit);
}
/** A compiled policy: the verdict on one license expression (null expression: unknown). */
function licensePolicy(policy) {
    const { allow, deny } = policy;
    // The concrete licenses one may use under a deny list: every current id but the denied and the
    // "or later" ones (a range is not a license; it is satisfied by a concrete one in it).
    const denied = new Set(deny ?? []);
    // spdx-satisfies reads `X-only` as `X`; ids whose `X` is no id of its own (GFDL-1.1-invariants-only)
    // would make it throw, and they are no member of any range anyway.
    const usable = deny
        ? [...license_ids.CURRENT].filter((id) => !denied.has(id) &&
            !id.endsWith('-or-later') &&
            !id.endsWith('+') &&
            parsed(id.replace(/-only$/, '')) !== null)
        : [];
    const leafDenied = new Map();
    const isDenied = (leaf) => {
        const text = `${leaf.license}${leaf.plus ? '+' : ''}`;
        let answer = leafDenied.get(text);
        if (answer === undefined) {
            answer = denied.has(leaf.license) || (!leaf.license.startsWith('LicenseRef-') && !spdx_satisfies_default()(text, usable));
            leafDenied.set(text, answer);
        }
        return answer;
    };
    return (expression) => {
        const node = expression === null ? null : parsed(expression);
        if (node === null)
            return 'unknown';
        if (allow)
            return spdx_satisfies_default()(withoutExceptions(node), allow) ? 'allowed' : 'violation';
        if (deny)
            return waysOf(node).every((way) => way.some(isDenied)) ? 'violation' : 'allowed';
        return 'allowed';
    };
}
/** The packages a license-exceptions entry names, matched as alerts are matched to packages. */
function exempt(exceptions) {
    const ids = exceptions.map(locations/* parsePackageIdentifier */.BV).filter((id) => id !== null);
    return (pkg) => ids.some((id) => (0,locations/* packageMatches */.Y5)(id, pkg));
}
/**
 * Every package of every license entry judged by the policy: violations, then unknown licenses
 * (as unknown-licenses says), each package and license once. Packages matched by
 * license-exceptions are skipped silently.
 */
function evaluateLicenses(entries, policy) {
    const judge = licensePolicy(policy);
    const isExempt = exempt(policy.exceptions);
    const findings = [];
    const seen = new Set();
    let checked = 0;
    let exempted = 0;
    for (const entry of entries) {
        const expression = licenseExpression(entry);
        const status = judge(expression);
        for (const pkg of entry.packages) {
            const key = `${pkg.id}\n${expression ?? entry.id ?? entry.name ?? ''}`;
            if (seen.has(key))
                continue;
            seen.add(key);
            if (isExempt(pkg)) {
                exempted++;
                continue;
            }
            checked++;
            if (status === 'allowed' || (status === 'unknown' && policy.unknown === 'ignore'))
                continue;
            findings.push({
                package: (0,locations/* packageVersionLabel */.nN)(pkg),
                ecosystem: pkg.ecosystem,
                license: (entry.id?.trim() || entry.name?.trim()) ?? '',
                expression,
                status,
                gates: status === 'violation' || policy.unknown === 'fail',
                location: (0,locations/* locationOf */.hD)(pkg),
            });
        }
    }
    const order = (f) => (f.status === 'violation' ? 0 : 1);
    findings.sort((a, b) => order(a) - order(b) || (a.package < b.package ? -1 : a.package > b.package ? 1 : 0));
    return {
        mode: policy.allow ? 'allow' : 'deny',
        ids: policy.allow ?? policy.deny ?? [],
        unknown: policy.unknown,
        checked,
        exempted,
        findings,
    };
}


/***/ }),

/***/ 3988:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('["389-exception","Asterisk-exception","Autoconf-exception-2.0","Autoconf-exception-3.0","Autoconf-exception-generic","Autoconf-exception-generic-3.0","Autoconf-exception-macro","Bison-exception-1.24","Bison-exception-2.2","Bootloader-exception","Classpath-exception-2.0","CLISP-exception-2.0","cryptsetup-OpenSSL-exception","DigiRule-FOSS-exception","eCos-exception-2.0","Fawkes-Runtime-exception","FLTK-exception","fmt-exception","Font-exception-2.0","freertos-exception-2.0","GCC-exception-2.0","GCC-exception-2.0-note","GCC-exception-3.1","Gmsh-exception","GNAT-exception","GNOME-examples-exception","GNU-compiler-exception","gnu-javamail-exception","GPL-3.0-interface-exception","GPL-3.0-linking-exception","GPL-3.0-linking-source-exception","GPL-CC-1.0","GStreamer-exception-2005","GStreamer-exception-2008","i2p-gpl-java-exception","KiCad-libraries-exception","LGPL-3.0-linking-exception","libpri-OpenH323-exception","Libtool-exception","Linux-syscall-note","LLGPL","LLVM-exception","LZMA-exception","mif-exception","OCaml-LGPL-linking-exception","OCCT-exception-1.0","OpenJDK-assembly-exception-1.0","openvpn-openssl-exception","PS-or-PDF-font-exception-20170817","QPL-1.0-INRIA-2004-exception","Qt-GPL-exception-1.0","Qt-LGPL-exception-1.1","Qwt-exception-1.0","SANE-exception","SHL-2.0","SHL-2.1","stunnel-exception","SWI-exception","Swift-exception","Texinfo-exception","u-boot-exception-2.0","UBDL-exception","Universal-FOSS-exception-1.0","vsftpd-openssl-exception","WxWindows-exception-3.1","x11vnc-openssl-exception"]');

/***/ }),

/***/ 3389:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('["AGPL-1.0","AGPL-3.0","BSD-2-Clause-FreeBSD","BSD-2-Clause-NetBSD","GFDL-1.1","GFDL-1.2","GFDL-1.3","GPL-1.0","GPL-2.0","GPL-2.0-with-GCC-exception","GPL-2.0-with-autoconf-exception","GPL-2.0-with-bison-exception","GPL-2.0-with-classpath-exception","GPL-2.0-with-font-exception","GPL-3.0","GPL-3.0-with-GCC-exception","GPL-3.0-with-autoconf-exception","LGPL-2.0","LGPL-2.1","LGPL-3.0","Net-SNMP","Nunit","StandardML-NJ","bzip2-1.0.5","eCos-2.0","wxWindows"]');

/***/ }),

/***/ 5204:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('["0BSD","3D-Slicer-1.0","AAL","ADSL","AFL-1.1","AFL-1.2","AFL-2.0","AFL-2.1","AFL-3.0","AGPL-1.0-only","AGPL-1.0-or-later","AGPL-3.0-only","AGPL-3.0-or-later","ALGLIB-Documentation","AMD-newlib","AMDPLPA","AML","AML-glslang","AMPAS","ANTLR-PD","ANTLR-PD-fallback","APAFML","APL-1.0","APSL-1.0","APSL-1.1","APSL-1.2","APSL-2.0","ASWF-Digital-Assets-1.0","ASWF-Digital-Assets-1.1","Abstyles","AdaCore-doc","Adobe-2006","Adobe-Display-PostScript","Adobe-Glyph","Adobe-Utopia","Advanced-Cryptics-Dictionary","Afmparse","Aladdin","Apache-1.0","Apache-1.1","Apache-2.0","App-s2p","Arphic-1999","Artistic-1.0","Artistic-1.0-Perl","Artistic-1.0-cl8","Artistic-2.0","Artistic-dist","Aspell-RU","BOLA-1.1","BSD-1-Clause","BSD-2-Clause","BSD-2-Clause-Darwin","BSD-2-Clause-Patent","BSD-2-Clause-Views","BSD-2-Clause-first-lines","BSD-2-Clause-pkgconf-disclaimer","BSD-2-Clause-pos-unchanged","BSD-3-Clause","BSD-3-Clause-Attribution","BSD-3-Clause-Clear","BSD-3-Clause-HP","BSD-3-Clause-LBNL","BSD-3-Clause-Modification","BSD-3-Clause-No-Military-License","BSD-3-Clause-No-Nuclear-License","BSD-3-Clause-No-Nuclear-License-2014","BSD-3-Clause-No-Nuclear-Warranty","BSD-3-Clause-Open-MPI","BSD-3-Clause-OpenWebUI","BSD-3-Clause-Sun","BSD-3-Clause-Tso","BSD-3-Clause-acpica","BSD-3-Clause-flex","BSD-4-Clause","BSD-4-Clause-Shortened","BSD-4-Clause-UC","BSD-4.3RENO","BSD-4.3TAHOE","BSD-Advertising-Acknowledgement","BSD-Attribution-HPND-disclaimer","BSD-Inferno-Nettverk","BSD-Mark-Modifications","BSD-Protection","BSD-Source-Code","BSD-Source-Code-no-disclaimer","BSD-Source-alt-GPL","BSD-Source-beginning-file","BSD-Systemics","BSD-Systemics-W3Works","BSD-ask-to-endorse","BSL-1.0","BUSL-1.1","Baekmuk","Bahyph","Barr","Beerware","BitTorrent-1.0","BitTorrent-1.1","Bitstream-Charter","Bitstream-Vera","BlueOak-1.0.0","Boehm-GC","Boehm-GC-without-fee","Borceux","Brian-Gladman-2-Clause","Brian-Gladman-3-Clause","Brian-Gladman-3-Clause-no-conversion","Buddy","Bugroff","C-UDA-1.0","CAL-1.0","CAL-1.0-Combined-Work-Exception","CAPEC-tou","CATOSL-1.1","CC-BY-1.0","CC-BY-2.0","CC-BY-2.5","CC-BY-2.5-AU","CC-BY-3.0","CC-BY-3.0-AT","CC-BY-3.0-AU","CC-BY-3.0-DE","CC-BY-3.0-IGO","CC-BY-3.0-NL","CC-BY-3.0-US","CC-BY-4.0","CC-BY-NC-1.0","CC-BY-NC-2.0","CC-BY-NC-2.5","CC-BY-NC-3.0","CC-BY-NC-3.0-DE","CC-BY-NC-3.0-IGO","CC-BY-NC-4.0","CC-BY-NC-ND-1.0","CC-BY-NC-ND-2.0","CC-BY-NC-ND-2.5","CC-BY-NC-ND-3.0","CC-BY-NC-ND-3.0-DE","CC-BY-NC-ND-3.0-IGO","CC-BY-NC-ND-4.0","CC-BY-NC-SA-1.0","CC-BY-NC-SA-2.0","CC-BY-NC-SA-2.0-DE","CC-BY-NC-SA-2.0-FR","CC-BY-NC-SA-2.0-UK","CC-BY-NC-SA-2.5","CC-BY-NC-SA-3.0","CC-BY-NC-SA-3.0-DE","CC-BY-NC-SA-3.0-IGO","CC-BY-NC-SA-4.0","CC-BY-ND-1.0","CC-BY-ND-2.0","CC-BY-ND-2.5","CC-BY-ND-3.0","CC-BY-ND-3.0-DE","CC-BY-ND-4.0","CC-BY-SA-1.0","CC-BY-SA-2.0","CC-BY-SA-2.0-UK","CC-BY-SA-2.1-JP","CC-BY-SA-2.5","CC-BY-SA-3.0","CC-BY-SA-3.0-AT","CC-BY-SA-3.0-DE","CC-BY-SA-3.0-IGO","CC-BY-SA-4.0","CC-PDDC","CC-PDM-1.0","CC-SA-1.0","CC0-1.0","CDDL-1.0","CDDL-1.1","CDL-1.0","CDLA-Permissive-1.0","CDLA-Permissive-2.0","CDLA-Sharing-1.0","CECILL-1.0","CECILL-1.1","CECILL-2.0","CECILL-2.1","CECILL-B","CECILL-C","CERN-OHL-1.1","CERN-OHL-1.2","CERN-OHL-P-2.0","CERN-OHL-S-2.0","CERN-OHL-W-2.0","CFITSIO","CMU-Mach","CMU-Mach-nodoc","CNRI-Jython","CNRI-Python","CNRI-Python-GPL-Compatible","COIL-1.0","CPAL-1.0","CPL-1.0","CPOL-1.02","CUA-OPL-1.0","Caldera","Caldera-no-preamble","Catharon","ClArtistic","Clips","Community-Spec-1.0","Condor-1.1","Cornell-Lossless-JPEG","Cronyx","Crossword","CryptoSwift","CrystalStacker","Cube","D-FSL-1.0","DEC-3-Clause","DL-DE-BY-2.0","DL-DE-ZERO-2.0","DOC","DRL-1.0","DRL-1.1","DSDP","DocBook-DTD","DocBook-Schema","DocBook-Stylesheet","DocBook-XML","Dotseqn","ECL-1.0","ECL-2.0","EFL-1.0","EFL-2.0","EPICS","EPL-1.0","EPL-2.0","ESA-PL-permissive-2.4","ESA-PL-strong-copyleft-2.4","ESA-PL-weak-copyleft-2.4","EUDatagrid","EUPL-1.0","EUPL-1.1","EUPL-1.2","Elastic-2.0","Entessa","ErlPL-1.1","Eurosym","FBM","FDK-AAC","FDK-MPEG-H","FSFAP","FSFAP-no-warranty-disclaimer","FSFUL","FSFULLR","FSFULLRSD","FSFULLRWD","FSL-1.1-ALv2","FSL-1.1-MIT","FTL","Fair","Ferguson-Twofish","Frameworx-1.0","FreeBSD-DOC","FreeImage","Furuseth","GCR-docs","GD","GFDL-1.1-invariants-only","GFDL-1.1-invariants-or-later","GFDL-1.1-no-invariants-only","GFDL-1.1-no-invariants-or-later","GFDL-1.1-only","GFDL-1.1-or-later","GFDL-1.2-invariants-only","GFDL-1.2-invariants-or-later","GFDL-1.2-no-invariants-only","GFDL-1.2-no-invariants-or-later","GFDL-1.2-only","GFDL-1.2-or-later","GFDL-1.3-invariants-only","GFDL-1.3-invariants-or-later","GFDL-1.3-no-invariants-only","GFDL-1.3-no-invariants-or-later","GFDL-1.3-only","GFDL-1.3-or-later","GL2PS","GLWTPL","GPL-1.0-only","GPL-1.0-or-later","GPL-2.0-only","GPL-2.0-or-later","GPL-3.0-only","GPL-3.0-or-later","Game-Programming-Gems","Giftware","Glide","Glulxe","Graphics-Gems","Gutmann","HDF5","HIDAPI","HP-1986","HP-1989","HPND","HPND-DEC","HPND-Fenneberg-Livingston","HPND-INRIA-IMAG","HPND-Intel","HPND-Kevlin-Henney","HPND-MIT-disclaimer","HPND-Markus-Kuhn","HPND-Netrek","HPND-Pbmplus","HPND-SMC","HPND-UC","HPND-UC-export-US","HPND-doc","HPND-doc-sell","HPND-export-US","HPND-export-US-acknowledgement","HPND-export-US-modify","HPND-export2-US","HPND-merchantability-variant","HPND-sell-MIT-disclaimer-xserver","HPND-sell-regexpr","HPND-sell-variant","HPND-sell-variant-MIT-disclaimer","HPND-sell-variant-MIT-disclaimer-rev","HPND-sell-variant-critical-systems","HTMLTIDY","HaskellReport","Hippocratic-2.1","Hippocratic-3.0-core","IBM-pibs","ICU","IEC-Code-Components-EULA","IJG","IJG-short","IPA","IPL-1.0","ISC","ISC-Veillard","ISO-permission","ImageMagick","Imlib2","Info-ZIP","Informatica","Inner-Net-2.0","InnoSetup","Intel","Intel-ACPI","Interbase-1.0","JPL-image","JPNIC","JSON","Jam","JasPer-2.0","Kastrup","Kazlib","Knuth-CTAN","LAL-1.2","LAL-1.3","LGPL-2.0-only","LGPL-2.0-or-later","LGPL-2.1-only","LGPL-2.1-or-later","LGPL-3.0-only","LGPL-3.0-or-later","LGPLLR","LOOP","LPD-document","LPL-1.0","LPL-1.02","LPPL-1.0","LPPL-1.1","LPPL-1.2","LPPL-1.3a","LPPL-1.3c","LZMA-SDK-9.11-to-9.20","LZMA-SDK-9.22","Latex2e","Latex2e-translated-notice","Leptonica","LiLiQ-P-1.1","LiLiQ-R-1.1","LiLiQ-Rplus-1.1","Libpng","Linux-OpenIB","Linux-man-pages-1-para","Linux-man-pages-copyleft","Linux-man-pages-copyleft-2-para","Linux-man-pages-copyleft-var","Lucida-Bitmap-Fonts","MIPS","MIT","MIT-0","MIT-CMU","MIT-Click","MIT-Festival","MIT-Khronos-old","MIT-Modern-Variant","MIT-STK","MIT-Wu","MIT-advertising","MIT-enna","MIT-feh","MIT-open-group","MIT-testregex","MITNFA","MMIXware","MMPL-1.0.1","MPEG-SSG","MPL-1.0","MPL-1.1","MPL-2.0","MPL-2.0-no-copyleft-exception","MS-LPL","MS-PL","MS-RL","MTLL","MVT-1.1","Mackerras-3-Clause","Mackerras-3-Clause-acknowledgment","MakeIndex","Martin-Birgmeier","McPhee-slideshow","Minpack","MirOS","Motosoto","MulanPSL-1.0","MulanPSL-2.0","Multics","Mup","NAIST-2003","NASA-1.3","NBPL-1.0","NCBI-PD","NCGL-UK-2.0","NCL","NCSA","NGPL","NICTA-1.0","NIST-PD","NIST-PD-TNT","NIST-PD-fallback","NIST-Software","NLOD-1.0","NLOD-2.0","NLPL","NOSL","NPL-1.0","NPL-1.1","NPOSL-3.0","NRL","NTIA-PD","NTP","NTP-0","Naumen","NetCDF","Newsletr","Nokia","Noweb","O-UDA-1.0","OAR","OCCT-PL","OCLC-2.0","ODC-By-1.0","ODbL-1.0","OFFIS","OFL-1.0","OFL-1.0-RFN","OFL-1.0-no-RFN","OFL-1.1","OFL-1.1-RFN","OFL-1.1-no-RFN","OGC-1.0","OGDL-Taiwan-1.0","OGL-Canada-2.0","OGL-UK-1.0","OGL-UK-2.0","OGL-UK-3.0","OGTSL","OLDAP-1.1","OLDAP-1.2","OLDAP-1.3","OLDAP-1.4","OLDAP-2.0","OLDAP-2.0.1","OLDAP-2.1","OLDAP-2.2","OLDAP-2.2.1","OLDAP-2.2.2","OLDAP-2.3","OLDAP-2.4","OLDAP-2.5","OLDAP-2.6","OLDAP-2.7","OLDAP-2.8","OLFL-1.3","OML","OPL-1.0","OPL-UK-3.0","OPUBL-1.0","OSC-1.0","OSET-PL-2.1","OSL-1.0","OSL-1.1","OSL-2.0","OSL-2.1","OSL-3.0","OSSP","OpenMDW-1.0","OpenPBS-2.3","OpenSSL","OpenSSL-standalone","OpenVision","PADL","PDDL-1.0","PHP-3.0","PHP-3.01","PPL","PSF-2.0","ParaType-Free-Font-1.3","Parity-6.0.0","Parity-7.0.0","Pixar","Plexus","PolyForm-Noncommercial-1.0.0","PolyForm-Small-Business-1.0.0","PostgreSQL","Python-2.0","Python-2.0.1","QPL-1.0","QPL-1.0-INRIA-2004","Qhull","RHeCos-1.1","RPL-1.1","RPL-1.5","RPSL-1.0","RSA-MD","RSCPL","Rdisc","Ruby","Ruby-pty","SAX-PD","SAX-PD-2.0","SCEA","SGI-B-1.0","SGI-B-1.1","SGI-B-2.0","SGI-OpenGL","SGMLUG-PM","SGP4","SHL-0.5","SHL-0.51","SISSL","SISSL-1.2","SL","SMAIL-GPL","SMLNJ","SMPPL","SNIA","SOFA","SPL-1.0","SSH-OpenSSH","SSH-short","SSLeay-standalone","SSPL-1.0","SUL-1.0","SWL","Saxpath","SchemeReport","Sendmail","Sendmail-8.23","Sendmail-Open-Source-1.1","SimPL-2.0","Sleepycat","Soundex","Spencer-86","Spencer-94","Spencer-99","SugarCRM-1.1.3","Sun-PPP","Sun-PPP-2000","SunPro","Symlinks","TAPR-OHL-1.0","TCL","TCP-wrappers","TGPPL-1.0","TMate","TORQUE-1.1","TOSL","TPDL","TPL-1.0","TTWL","TTYP0","TU-Berlin-1.0","TU-Berlin-2.0","TekHVC","TermReadKey","ThirdEye","TrustedQSL","UCAR","UCL-1.0","UMich-Merit","UPL-1.0","URT-RLE","Ubuntu-font-1.0","UnRAR","Unicode-3.0","Unicode-DFS-2015","Unicode-DFS-2016","Unicode-TOU","UnixCrypt","Unlicense","Unlicense-libtelnet","Unlicense-libwhirlpool","VOSTROM","VSL-1.0","Vim","Vixie-Cron","W3C","W3C-19980720","W3C-20150513","WTFNMFPL","WTFPL","Watcom-1.0","Widget-Workshop","WordNet","Wsuipa","X11","X11-distribute-modifications-variant","X11-no-permit-persons","X11-swapped","XFree86-1.1","XSkat","Xdebug-1.03","Xerox","Xfig","Xnet","YPL-1.0","YPL-1.1","ZPL-1.1","ZPL-2.0","ZPL-2.1","Zed","Zeeff","Zend-2.0","Zimbra-1.3","Zimbra-1.4","Zlib","any-OSI","any-OSI-perl-modules","atc-game","bcrypt-Solar-Designer","blessing","bzip2-1.0.6","check-cvs","checkmk","copyleft-next-0.3.0","copyleft-next-0.3.1","curl","cve-tou","diffmark","dtoa","dvipdfm","eGenix","etalab-2.0","fwlw","gSOAP-1.3b","generic-xts","gnuplot","gtkbook","hdparm","hyphen-bulgarian","iMatix","jove","libpng-1.6.35","libpng-2.0","libselinux-1.0","libtiff","libutil-David-Nugent","lsof","magaz","mailprio","man2html","metamail","mpi-permissive","mpich2","mplus","ngrep","pkgconf","pnmstitch","psfrag","psutils","python-ldap","radvd","snprintf","softSurfer","ssh-keyscan","swrule","threeparttable","ulem","w3m","wwl","xinetd","xkeyboard-config-Zinoviev","xlock","xpp","xzoom","zlib-acknowledgement"]');

/***/ }),

/***/ 9344:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('[["AFL-1.1","AFL-1.2","AFL-2.0","AFL-2.1","AFL-3.0"],["AGPL-1.0",["AGPL-3.0","AGPL-3.0-only"]],["Apache-1.0","Apache-1.1","Apache-2.0"],["APSL-1.0","APSL-1.1","APSL-1.2","APSL-2.0"],["Artistic-1.0","Artistic-2.0"],["BitTorrent-1.0","BitTorrent-1.1"],["CC-BY-1.0","CC-BY-2.0","CC-BY-2.5","CC-BY-3.0","CC-BY-4.0"],["CC-BY-NC-1.0","CC-BY-NC-2.0","CC-BY-NC-2.5","CC-BY-NC-3.0","CC-BY-NC-4.0"],["CC-BY-NC-ND-1.0","CC-BY-NC-ND-2.0","CC-BY-NC-ND-2.5","CC-BY-NC-ND-3.0","CC-BY-NC-ND-4.0"],["CC-BY-NC-SA-1.0","CC-BY-NC-SA-2.0","CC-BY-NC-SA-2.5","CC-BY-NC-SA-3.0","CC-BY-NC-SA-4.0"],["CC-BY-ND-1.0","CC-BY-ND-2.0","CC-BY-ND-2.5","CC-BY-ND-3.0","CC-BY-ND-4.0"],["CC-BY-SA-1.0","CC-BY-SA-2.0","CC-BY-SA-2.5","CC-BY-SA-3.0","CC-BY-SA-4.0"],["CDDL-1.0","CDDL-1.1"],["CECILL-1.0","CECILL-1.1","CECILL-2.0"],["ECL-1.0","ECL-2.0"],["EFL-1.0","EFL-2.0"],["EPL-1.0","EPL-2.0"],["EUPL-1.0","EUPL-1.1"],[["GFDL-1.1","GFDL-1.1-only"],["GFDL-1.2","GFDL-1.2-only"],["GFDL-1.1-or-later","GFDL-1.2-or-later","GFDL-1.3","GFDL-1.3-only","GFDL-1.3-or-later"]],[["GPL-1.0","GPL-1.0-only"],["GPL-2.0","GPL-2.0-only"],["GPL-1.0-or-later","GPL-2.0-or-later","GPL-3.0","GPL-3.0-only","GPL-3.0-or-later"]],[["LGPL-2.0","LGPL-2.0-only"],["LGPL-2.1","LGPL-2.1-only"],["LGPL-2.0-or-later","LGPL-2.1-or-later","LGPL-3.0","LGPL-3.0-only","LGPL-3.0-or-later"]],["LPL-1.0","LPL-1.02"],["LPPL-1.0","LPPL-1.1","LPPL-1.2","LPPL-1.3a","LPPL-1.3c"],["MPL-1.0","MPL-1.1","MPL-2.0"],["MPL-1.0","MPL-1.1","MPL-2.0-no-copyleft-exception"],["NPL-1.0","NPL-1.1"],["OFL-1.0","OFL-1.1"],["OLDAP-1.1","OLDAP-1.2","OLDAP-1.3","OLDAP-1.4","OLDAP-2.0","OLDAP-2.0.1","OLDAP-2.1","OLDAP-2.2","OLDAP-2.2.1","OLDAP-2.2.2","OLDAP-2.3","OLDAP-2.4","OLDAP-2.5","OLDAP-2.6","OLDAP-2.7","OLDAP-2.8"],["OSL-1.0","OSL-1.1","OSL-2.0","OSL-2.1","OSL-3.0"],["PHP-3.0","PHP-3.01"],["RPL-1.1","RPL-1.5"],["SGI-B-1.0","SGI-B-1.1","SGI-B-2.0"],["YPL-1.0","YPL-1.1"],["ZPL-1.1","ZPL-2.0","ZPL-2.1"],["Zimbra-1.3","Zimbra-1.4"],["bzip2-1.0.5","bzip2-1.0.6"]]');

/***/ })

};
