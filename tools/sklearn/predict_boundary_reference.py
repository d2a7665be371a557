"""Expected scores of tests/e2e/predict_boundary.test.mjs, derived without genlab's Rust.

Input: one JSON object per line, {"w": <viewport width>, "out": {"pts": [x, y, label, ...],
"view": [x0, x1, y0, y1]}}, dumped from the page's default state at 1280x800 and 360x740
(window.genlab_panels.gda.controller.panel: pointsFlat() and viewRect()).

w and b: scikit-learn's LinearDiscriminantAnalysis(solver="lsqr"), whose pooled maximum-
likelihood covariance and log priors are GDA's shared Sigma and phi-hat. The keyboard line:
from the start line (across the middle half of the view at mid-height), handle 1 ten
ArrowDown, handle 2 ten ArrowUp and two Shift+ArrowLeft (0.02 and 0.1 of the view per
press); its normal points to mu1's side. Angle: arccos of the normals' |cosine|. Agreement:
a 6000 x 6000 midpoint grid over the view.

Usage: python predict_boundary_reference.py points.json
"""
import sys
import json, numpy as np
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis as LDA
np.set_printoptions(precision=17)
for line in open(sys.argv[1]):
    d=json.loads(line); o=d['out']
    a=np.array(o['pts']).reshape(-1,3); X=a[:,:2]; y=a[:,2].astype(int)
    lda=LDA(solver='lsqr').fit(X,y)
    w=lda.coef_[0]; b=lda.intercept_[0]; mu0,mu1=lda.means_
    x0,x1,y0,y1=o['view']; W=x1-x0; H=y1-y0; yc=(y0+y1)/2
    p=np.array([x0+0.25*W, yc]); q=np.array([x0+0.75*W, yc])
    # keyboard: handle 1 (p) ArrowDown x10, handle 2 (q) ArrowUp x10, each 0.02 H; then handle 2 Shift+ArrowLeft x2 (0.1 W each)
    p=p+np.array([0,-10*0.02*H]); q=q+np.array([0,10*0.02*H]); q=q+np.array([-2*0.1*W,0])
    dd=q-p; n=np.array([-dd[1],dd[0]])
    if n@(mu1-mu0)<0: n=-n
    c=-(n@p)
    cos=abs(n@w)/np.linalg.norm(n)/np.linalg.norm(w); ang=np.degrees(np.arccos(min(1,cos)))
    N=6000; xs=x0+(np.arange(N)+0.5)/N*W; agree=0
    for i in range(0,N,500):
        ys=y0+(np.arange(i,min(N,i+500))+0.5)/N*H
        XX,YY=np.meshgrid(xs,ys)
        agree+=np.sum(((w[0]*XX+w[1]*YY+b)>0)==((n[0]*XX+n[1]*YY+c)>0))
    print(d['w'], 'w', repr(w.tolist()), 'b', repr(b), 'view', o['view'], 'p', p.tolist(), 'q', q.tolist(), 'angle', ang, 'agree', agree/N/N)
